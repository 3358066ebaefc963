#!/usr/bin/env python3
"""The macOS half of the library step: makes an artifact bundle's variant self-contained.

    python3 Packaging/bundle_macos.py VARIANT_DIR         on a Mac: copy, rewrite, sign, check
    python3 Packaging/bundle_macos.py --plan FIXTURE_DIR  anywhere: the plan for recorded otool output, as JSON

Each library the executables in VARIANT_DIR/bin load, except the system's, is copied into lib/
and named there by @loader_path; each changed file is signed again ad hoc, then checked with otool.
The logic is pure functions over otool's text; the side effects are in run_otool, apply, bundle.
docs/bundle-macos.md says why each rule is there, and what was and was not run on a Mac.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys

# Where macOS keeps its own libraries, the Swift runtime (/usr/lib/swift) among them. Since
# macOS 11 most are only in the dyld shared cache, not on disk, so they are never opened.
SYSTEM_PREFIXES = ("/usr/lib/", "/System/")
# A line of otool -L: "<install name> (compatibility version …, current version …[, weak])".
DEPENDENCY_LINE = re.compile(r"^(?P<name>.+?) \(compatibility version [^)]*\)$")
RPATH_LINE = re.compile(r"^path (?P<path>.+) \(offset \d+\)$")
# The names Homebrew's Metafiles helper counts as licences, compared without a text extension.
LICENCE_NAMES = ("copying", "copyright", "license", "licence")
LICENCE_EXTENSIONS = (".txt", ".md", ".rst", ".html", ".markdown")
SIGN = ["codesign", "--force", "--sign", "-"]
AN_EXECUTABLE = "bin/executable"  # where @executable_path leads in a finished bundle


class BundleError(Exception):
    """A bundle that cannot be made, or that was made wrong; the message names the file."""


def parse_otool_L(text: str) -> list[str]:
    """The install names otool -L lists for one file, in order, each once.

    A header line ("<file>:", or "<file> (architecture arm64):" for each slice of a universal
    file) starts at the margin; the names are indented below it. A dylib's first name is its id.
    """
    names: list[str] = []
    for line in text.splitlines():
        if not line.strip() or not line[0].isspace():
            continue
        match = DEPENDENCY_LINE.match(line.strip())
        name = match.group("name") if match else line.strip()
        if name not in names:
            names.append(name)
    return names


def parse_rpaths(otool_l_text: str) -> list[str]:
    """The LC_RPATH paths in otool -l output (whole, or cut down by grep -A2), in order, each once."""
    paths: list[str] = []
    lines = [line.strip() for line in otool_l_text.splitlines()]
    for index, line in enumerate(lines):
        if line != "cmd LC_RPATH":
            continue
        for following in lines[index + 1 : index + 3]:
            match = RPATH_LINE.match(following)
            if match and match.group("path") not in paths:
                paths.append(match.group("path"))
    return paths


def is_system(install_name: str) -> bool:
    """Whether a name (or an LC_RPATH folder) is the system's, which every Mac has."""
    return install_name.startswith(SYSTEM_PREFIXES) or install_name in ("/usr/lib", "/System")


def expand(path: str, loader: str, executable: str) -> str:
    """A path with @loader_path or @executable_path replaced by the folder of that file."""
    for token, origin in (("@loader_path", loader), ("@executable_path", executable)):
        if path == token or path.startswith(token + "/"):
            rest = path[len(token) :].lstrip("/")
            return os.path.normpath(os.path.join(os.path.dirname(origin), rest))
    return path


def resolve(install_name: str, loader: str, executable: str, rpaths: list, exists) -> str | None:
    """The file an install name loads, as dyld finds it; None for the system's.

    rpaths are (LC_RPATH path, file holding it) pairs: the loading file's own first, then those
    of the files that loaded it, in the order dyld searches them. exists says whether a file is
    there (on a Mac, os.path.exists; for recorded output, whether it was recorded).
    """
    if install_name.startswith("@rpath/"):
        rest = install_name[len("@rpath/") :]
        tried = []
        for rpath, holder in rpaths:
            candidate = os.path.normpath(os.path.join(expand(rpath, holder, executable), rest))
            if is_system(candidate):
                return None
            if exists(candidate):
                return candidate
            tried.append(candidate)
        raise BundleError(f"{loader}: {install_name} is found through none of its LC_RPATH entries "
                          f"(tried {', '.join(tried) if tried else 'none: there is no LC_RPATH'})")
    if not install_name.startswith(("/", "@loader_path/", "@executable_path/")):
        raise BundleError(f"{loader}: {install_name} is a relative install name, which dyld looks for "
                          "in the working folder; link against a library whose id is absolute or @rpath")
    target = expand(install_name, loader, executable)
    return None if is_system(target) else target


def rpath_leaves_bundle(rpath: str, bundle_file: str) -> bool:
    """Whether an LC_RPATH of the file at bundle_file (bin/x or lib/x) leads out of the bundle."""
    if is_system(rpath):
        return False
    inside = expand(rpath, bundle_file, AN_EXECUTABLE)
    return inside.startswith(("/", "@")) or inside == ".." or inside.startswith("../")


def rewrite_arguments(bundle_file: str, changes: list, rpaths: list, own_id: str | None) -> list[str]:
    """install_name_tool's arguments for one file, in its manual's order; [] when it needs none.

    changes are (install name now, new install name) pairs in otool's order; own_id is a copied
    library's id now, None for an executable.
    """
    arguments: list[str] = []
    for old, new in changes:
        if old != new:
            arguments += ["-change", old, new]
    for rpath in rpaths:
        if rpath_leaves_bundle(rpath, bundle_file):
            arguments += ["-delete_rpath", rpath]
    wanted_id = "@rpath/" + os.path.basename(bundle_file)
    if own_id is not None and own_id != wanted_id:
        arguments += ["-id", wanted_id]
    return arguments


def new_install_name(referrer: str, library_name: str) -> str:
    """How a file of the bundle names a copied library: lib/ is beside bin/ and holds the libraries."""
    return ("@loader_path/../lib/" if referrer.startswith("bin/") else "@loader_path/") + library_name


class _Walk:
    """The breadth-first walk over everything the executables load, and what it found."""

    def __init__(self, otool, exists, canonical):
        self.otool, self.exists, self.canonical = otool, exists, canonical
        self.names: dict[str, tuple[str, str, str]] = {}  # name in lib/ -> (identity, source, first referrer)
        self.by_identity: dict[str, str] = {}  # identity -> name in lib/
        self.files: dict[str, dict] = {}  # bundle file -> what the plan needs to know of it

    def read(self, path: str, flag: str, referrer: str | None) -> str:
        """otool's output for a file; a missing one names the file that loads it."""
        try:
            return self.otool(path, flag)
        except BundleError as error:
            raise BundleError(f"{error}, which {referrer} loads" if referrer else str(error)) from None

    def visit(self, bundle_file: str, path: str, executable: str, inherited: list, referrer) -> list:
        """Reads one file's otool output, records it, and returns the libraries to visit next."""
        names = parse_otool_L(self.read(path, "-L", referrer))
        own_rpaths = parse_rpaths(self.read(path, "-l", referrer))
        is_library = bundle_file.startswith("lib/")
        rpaths = [(rpath, path) for rpath in own_rpaths] + inherited
        record = {"changes": [], "system": [], "rpaths": own_rpaths, "id": names[0] if is_library and names else None}
        found: dict[str, str] = {}
        for dependency in names[1:] if is_library else names:
            target = resolve(dependency, path, executable, rpaths, self.exists)
            if target is None:
                record["system"].append(dependency)
                continue
            name = self.claim(os.path.basename(target), target, bundle_file)
            record["changes"].append((dependency, new_install_name(bundle_file, name)))
            if "lib/" + name not in self.files:
                found.setdefault("lib/" + name, target)
        self.files[bundle_file] = record
        return [(library, target, executable, rpaths, bundle_file) for library, target in found.items()]

    def claim(self, name: str, target: str, referrer: str) -> str:
        """The file name a library gets in lib/: the name it was first reached by.

        One file reached through two paths (Homebrew's opt/ and Cellar/ links) is copied once;
        two different files with one name is an error, as lib/ holds one file of a name.
        """
        identity = self.canonical(target)
        if identity in self.by_identity:
            return self.by_identity[identity]
        if name in self.names:
            _, source, first = self.names[name]
            raise BundleError(f"two different libraries are both named {name}: {source} (loaded by {first}) "
                              f"and {target} (loaded by {referrer}); lib/ can hold only one file of that name")
        self.names[name] = (identity, target, referrer)
        self.by_identity[identity] = name
        return name


def plan(executables: list[str], otool, exists=os.path.exists, canonical=os.path.realpath) -> dict:
    """What to copy and run to make the executables' bundle self-contained, as plain data.

    otool(path, flag) is otool's output for a file ("-L" or "-l"); exists says whether a file is
    there, canonical which file a path is. Breadth first: bin/ by name, then what it loads.
    """
    walk = _Walk(otool, exists, canonical)
    queue = [("bin/" + os.path.basename(path), path, path, [], None)
             for path in sorted(executables, key=os.path.basename)]
    while queue:
        bundle_file, path, executable, inherited, referrer = queue.pop(0)
        if bundle_file not in walk.files:
            queue += walk.visit(bundle_file, path, executable, inherited, referrer)
    return _plan_data(walk)


def _plan_data(walk: _Walk) -> dict:
    """The plan as JSON-ready data, every list in one order: bin/ by name, then lib/ by name.

    files: the bundle's files; copies: [source, file in lib/]; commands: argv lists to run in
    the variant's folder, install_name_tool for each file to change, then codesign for each of
    them; system: the references each file keeps, as they are the system's.
    """
    order = sorted(walk.files, key=lambda file: (not file.startswith("bin/"), file))
    copies = [[walk.names[file[len("lib/") :]][1], file] for file in order if file.startswith("lib/")]
    rewrites = []
    for file in order:
        record = walk.files[file]
        arguments = rewrite_arguments(file, record["changes"], record["rpaths"], record["id"])
        if arguments:
            rewrites.append(["install_name_tool"] + arguments + [file])
    return {
        "files": order,
        "copies": copies,
        "commands": rewrites + [SIGN + [rewrite[-1]] for rewrite in rewrites],
        "system": {file: walk.files[file]["system"] for file in order},
    }


def reference_problems(bundle_file: str, names: list, own_rpaths: list, executable_rpaths: list,
                       bundle_files: set) -> list[str]:
    """What is wrong with one file of a finished bundle: references or LC_RPATHs leading out of it.

    A library's @rpath names are also looked for through the executables' LC_RPATHs, as dyld does.
    """
    is_library = bundle_file.startswith("lib/")
    rpaths = [(rpath, bundle_file) for rpath in own_rpaths]
    rpaths += [(rpath, AN_EXECUTABLE) for rpath in executable_rpaths] if is_library else []
    problems = [f"{bundle_file}: LC_RPATH {rpath} leads out of the bundle"
                for rpath in own_rpaths if rpath_leaves_bundle(rpath, bundle_file)]
    for name in names[1:] if is_library else names:
        try:
            target = resolve(name, bundle_file, AN_EXECUTABLE, rpaths, lambda path: path in bundle_files)
        except BundleError as error:
            problems.append(str(error))
            continue
        if target is not None and target not in bundle_files:
            problems.append(f"{bundle_file}: {name} is not a file of the bundle")
    return problems


def licence_files(names_in_keg: list[str]) -> list[str]:
    """The licence files among the files at the top of a Homebrew keg, sorted.

    Homebrew copies a formula's licence files (and its other metafiles) to the top of its keg.
    """
    licences = []
    for name in sorted(names_in_keg):
        stem, extension = os.path.splitext(name.lower())
        if (stem if extension in LICENCE_EXTENSIONS else name.lower()) in LICENCE_NAMES:
            licences.append(name)
    return licences


def run_otool(path: str, flag: str) -> str:
    """otool's output for one file; an error names the file and says what otool said."""
    result = subprocess.run(["otool", flag, path], capture_output=True, text=True)
    if result.returncode != 0:
        raise BundleError(f"otool {flag} {path} failed: {result.stderr.strip()}")
    return result.stdout


def run_tool(argv: list[str], cwd: str) -> None:
    """Runs one command of a plan in the variant's folder (argv, no shell); stops on failure."""
    result = subprocess.run(argv, cwd=cwd, capture_output=True, text=True)
    if result.returncode != 0:
        raise BundleError(f"{' '.join(argv)} failed in {cwd}: {result.stderr.strip()}")


def copy_library(source: str, target: str) -> bool:
    """Copies a library's bytes (through links), writable as Homebrew's are not; False if it is there."""
    if os.path.exists(target) and os.path.samefile(source, target):
        return False
    shutil.copyfile(source, target)
    os.chmod(target, 0o644)
    return True


def copy_licences(source: str, name: str, variant_dir: str) -> None:
    """Copies a library's licence files into licenses/<name>/ (beside lib/, as on Linux), or stops if it has none.

    The keg is the folder above the lib/ the library really is in (Cellar/<formula>/<version>).
    """
    real = os.path.realpath(source)
    keg = os.path.dirname(os.path.dirname(real))
    licences = licence_files(os.listdir(keg)) if os.path.basename(os.path.dirname(real)) == "lib" else []
    if not licences:
        raise BundleError(f"{source}: no licence file (COPYING, LICENSE, …) at the top of {keg}, "
                          f"the keg of {real}; licenses/{name} would be empty")
    folder = os.path.join(variant_dir, "licenses", name)
    os.makedirs(folder, exist_ok=True)
    for licence in licences:
        shutil.copyfile(os.path.join(keg, licence), os.path.join(folder, licence))


def bundle_problems(variant_dir: str, files: list[str], otool=run_otool) -> list[str]:
    """Each reference and LC_RPATH of each Mach-O file in bin/ and lib/ neither the system's nor inside."""
    present = set(files)
    for folder in ("bin", "lib"):
        for name in os.listdir(os.path.join(variant_dir, folder)):
            path = os.path.join(variant_dir, folder, name)
            if os.path.isfile(path) and _is_mach_o(path):
                present.add(f"{folder}/{name}")
    read = {file: [otool(os.path.join(variant_dir, file), flag) for flag in ("-L", "-l")] for file in sorted(present)}
    executable_rpaths = [rpath for file in read if file.startswith("bin/") for rpath in parse_rpaths(read[file][1])]
    problems = []
    for file, (listing, commands) in read.items():
        problems += reference_problems(file, parse_otool_L(listing), parse_rpaths(commands),
                                       executable_rpaths, present)
    return problems


def _is_mach_o(path: str) -> bool:
    """Whether a file starts with a Mach-O magic number (thin 32 or 64 bit, or universal)."""
    with open(path, "rb") as file:
        return file.read(4) in (b"\xcf\xfa\xed\xfe", b"\xce\xfa\xed\xfe", b"\xca\xfe\xba\xbe")


def apply(plan_data: dict, variant_dir: str, run=run_tool, otool=run_otool) -> None:
    """Carries out a plan in variant_dir (copies, licences, install_name_tool, codesign), then checks it."""
    os.makedirs(os.path.join(variant_dir, "lib"), exist_ok=True)
    for source, target in plan_data["copies"]:
        if copy_library(source, os.path.join(variant_dir, target)):
            copy_licences(source, os.path.basename(target), variant_dir)
    for argv in plan_data["commands"]:
        run(argv, variant_dir)
    problems = bundle_problems(variant_dir, plan_data["files"], otool)
    if problems:
        raise BundleError("the bundle still loads files from outside it:\n  " + "\n  ".join(problems))


def bundle(variant_dir: str) -> dict:
    """The whole step on a Mac for one variant: plans from bin/, applies, checks; returns the plan."""
    bin_dir = os.path.join(variant_dir, "bin")
    executables = [os.path.join(bin_dir, name) for name in sorted(os.listdir(bin_dir))
                   if os.path.isfile(os.path.join(bin_dir, name))]
    plan_data = plan(executables, run_otool)
    apply(plan_data, variant_dir)
    return plan_data


def recorded(fixture_dir: str):
    """The executables, otool and exists of recorded output, as fixture_dir/index.json lists it.

    index.json: {"executables": [path, …], "files": {path: {"otool -L": file, "otool -l": file}}},
    each file relative to the index. A file without "otool -l" is read as having no LC_RPATH.
    """
    with open(os.path.join(fixture_dir, "index.json"), encoding="utf-8") as file:
        index = json.load(file)
    files = index["files"]

    def otool(path: str, flag: str) -> str:
        entry = files.get(path, {})
        if "otool " + flag not in entry:
            if flag == "-l":
                return ""
            raise BundleError(f"no recorded otool {flag} output for {path}")
        with open(os.path.join(fixture_dir, entry["otool " + flag]), encoding="utf-8") as recording:
            return recording.read()

    return index["executables"], otool, lambda path: path in files


def main(arguments: list[str]) -> int:
    try:
        if len(arguments) == 2 and arguments[0] == "--plan":
            executables, otool, exists = recorded(arguments[1])
            print(json.dumps(plan(executables, otool, exists, os.path.normpath), indent=2))
        elif len(arguments) == 1 and not arguments[0].startswith("-"):
            plan_data = bundle(arguments[0])
            print(f"bundle_macos: {len(plan_data['copies'])} libraries copied into {arguments[0]}/lib")
        else:
            print("usage: bundle_macos.py VARIANT_DIR | bundle_macos.py --plan FIXTURE_DIR", file=sys.stderr)
            return 2
    except BundleError as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
