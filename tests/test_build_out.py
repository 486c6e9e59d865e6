"""`python -m retrocatan.build web --out X` where X cannot be a folder: one
line in words (found by the probe: "[Errno 17] File exists")."""

from retrocatan.build import main


def test_an_output_path_that_is_a_file_is_refused_in_words(tmp_path, capsys):
    afile = tmp_path / "afile"
    afile.write_text("keep me", encoding="utf-8")
    assert main(["web", "--out", str(afile)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err == [f"retrocatan.build: {afile} is a file, not a folder"]
    assert afile.read_text(encoding="utf-8") == "keep me"


def test_an_output_folder_under_a_file_is_refused_in_one_line(tmp_path, capsys):
    afile = tmp_path / "afile"
    afile.write_text("", encoding="utf-8")
    assert main(["web", "--out", str(afile / "dist")]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith(f"retrocatan.build: cannot make the folder {afile / 'dist'}: ")
    assert "Errno" not in err[0]
