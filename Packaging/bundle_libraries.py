#!/usr/bin/env python3
"""Makes an artifact bundle's variant self-contained, as auditwheel does for a Linux wheel.

    python3 Packaging/bundle_libraries.py VARIANT_DIR

VARIANT_DIR holds the executables in `bin/`. Every shared library they load, but the
system's own (`system-libraries.txt`), is copied into `lib/` under the name the executables ask
for; the executables' search path becomes `$ORIGIN/../lib` and the libraries' `$ORIGIN`
(patchelf), so the loader finds the bundle's copies wherever the bundle is unpacked. Each
copied library's licence goes into `licenses/`, with `licenses/index.txt` naming the
package every library came from. Then every file is checked: each library it loads is
inside the bundle or a system one, or the step fails naming it.

On macOS the same step is `bundle_macos.py`'s (otool, install_name_tool, codesign).
"""

import os
import platform
import shutil
import subprocess
import sys

import bundle_macos

# What a Linux machine always has (the C library and the loader): Packaging/system-libraries.txt,
# which the bundle's tests read too.
def read_system_libraries():
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "system-libraries.txt")
    with open(path) as listing:
        return {line.strip() for line in listing if line.strip() and not line.startswith("#")}


SYSTEM_LIBRARIES = read_system_libraries()

EXECUTABLE_SEARCH_PATH = "$ORIGIN/../lib"
LIBRARY_SEARCH_PATH = "$ORIGIN"


class BundleError(Exception):
    pass


def run(argv, **kwargs):
    """Runs argv (no shell) and returns its standard output; a failure is a BundleError."""
    result = subprocess.run(argv, capture_output=True, text=True, **kwargs)
    if result.returncode != 0:
        raise BundleError(f"{' '.join(argv)} failed: {result.stderr.strip()}")
    return result.stdout


def parse_ldd(text):
    """The libraries in `ldd` output as (name, resolved path or None), in its order.

    `libx.so.1 => /path/libx.so.1 (0x…)` is a library found, `libx.so.1 => not found` one
    missing; the loader itself (`/lib64/ld-linux-x86-64.so.2 (0x…)`) and the vDSO have no
    arrow and are named by their file name. A library that loads none (ICU's data) is
    "statically linked".
    """
    libraries = []
    for line in text.splitlines():
        words = line.split()
        if not words or words[0].endswith(":") or line.strip() in ("statically linked", "not a dynamic executable"):
            continue
        if len(words) >= 3 and words[1] == "=>":
            path = None if words[2] == "not" else words[2]
            libraries.append((words[0], path if path and path.startswith("/") else None))
        else:
            libraries.append((os.path.basename(words[0]), words[0]))
    return libraries


def closure(executables, list_libraries):
    """Every library the executables load beyond the system's, as {name: path}, sorted.

    `list_libraries(path)` gives ldd's text for a file; ldd lists the whole closure, so
    one listing of each executable suffices. A library the loader cannot find, or two
    different files under one name, is an error.
    """
    found = {}
    for executable in executables:
        for name, path in parse_ldd(list_libraries(executable)):
            if name in SYSTEM_LIBRARIES:
                continue
            if path is None:
                raise BundleError(f"{executable}: the loader cannot find {name}")
            real = os.path.realpath(path)
            if found.get(name, real) != real:
                raise BundleError(f"two files are named {name}: {found[name]} and {real}")
            found[name] = real
    return dict(sorted(found.items()))


def ldd(path):
    return run(["ldd", path])


def copy_libraries(libraries, lib_dir):
    os.makedirs(lib_dir, exist_ok=True)
    for name, source in libraries.items():
        target = os.path.join(lib_dir, name)
        shutil.copyfile(source, target)
        os.chmod(target, 0o644)


def set_search_paths(executables, lib_dir, libraries):
    for executable in executables:
        run(["patchelf", "--set-rpath", EXECUTABLE_SEARCH_PATH, executable])
    for name in libraries:
        run(["patchelf", "--set-rpath", LIBRARY_SEARCH_PATH, os.path.join(lib_dir, name)])


def packages_of(paths):
    """For each of `paths`, the Debian package that installed it and its version, or None (a
    toolchain's file, or a system without dpkg): one `dpkg -S` and one `dpkg-query` for them
    all (dpkg reads its whole file list for each call, 40 ms, and the music bundle has 138
    libraries). dpkg names a file by the path it installed, which on a merged /usr may be
    /lib/… for /usr/lib/…; a path it does not know is left out of its answer."""
    candidates = {path: [path] + ([path[len("/usr"):]] if path.startswith("/usr/lib/") else []) for path in paths}
    asked = [candidate for path in paths for candidate in candidates[path]]
    if not asked or shutil.which("dpkg") is None:
        return {path: None for path in paths}
    owner, wanted = {}, set(asked)
    for line in subprocess.run(["dpkg", "-S"] + asked, capture_output=True, text=True).stdout.splitlines():
        package, separator, installed = line.partition(": ")
        if separator and installed in wanted and not package.startswith("diversion by "):
            owner.setdefault(installed, package.split(":")[0].strip())
    found = {path: next((owner[c] for c in candidates[path] if c in owner), None) for path in paths}
    names = sorted({package for package in found.values() if package})
    versions = {}
    if names:
        for line in run(["dpkg-query", "-W", "-f", "${Package}\t${Version}\n"] + names).splitlines():
            package, _, version = line.partition("\t")
            versions.setdefault(package, version)
    return {path: (package, versions[package]) if package else None for path, package in found.items()}


def swift_licence(path):
    """The Swift toolchain's licence, for a library from its `lib/swift/` folder."""
    marker = "/lib/swift/"
    if marker not in path:
        return None
    root = path[: path.index(marker)]
    licence = os.path.join(root, "share", "swift", "LICENSE.txt")
    return licence if os.path.isfile(licence) else None


def copy_licences(libraries, licenses_dir):
    """Each library's licence, by the package it came from: Debian's copyright file, or
    the Swift toolchain's licence for its runtime; a library with neither is an error."""
    os.makedirs(licenses_dir, exist_ok=True)
    index = []
    owners = packages_of(list(libraries.values()))
    for name, source in libraries.items():
        owner = owners[source]
        if owner:
            package, version = owner
            copyright_file = f"/usr/share/doc/{package}/copyright"
            if not os.path.isfile(copyright_file):
                raise BundleError(f"{name}: {package} has no {copyright_file}")
            shutil.copyfile(copyright_file, os.path.join(licenses_dir, f"{package}.copyright"))
            index.append(f"{name}\t{package} {version}\t{package}.copyright")
            continue
        licence = swift_licence(source)
        if licence is None:
            raise BundleError(f"{name} ({source}): no licence found (neither a Debian package's nor the Swift toolchain's)")
        shutil.copyfile(licence, os.path.join(licenses_dir, "swift.LICENSE.txt"))
        index.append(f"{name}\tthe Swift toolchain\tswift.LICENSE.txt")
    with open(os.path.join(licenses_dir, "index.txt"), "w") as out:
        out.write("# library\tfrom\tlicence file\n" + "\n".join(index) + "\n")


def check_self_contained(variant_dir, files):
    """Every library each file loads is inside the bundle or a system one."""
    inside = os.path.realpath(variant_dir) + os.sep
    for path in files:
        for name, resolved in parse_ldd(ldd(path)):
            if name in SYSTEM_LIBRARIES:
                continue
            if resolved is None or not os.path.realpath(resolved).startswith(inside):
                raise BundleError(f"{path}: loads {name} from {resolved or 'nowhere'}, outside the bundle")


def bundle_linux(variant_dir):
    bin_dir, lib_dir = os.path.join(variant_dir, "bin"), os.path.join(variant_dir, "lib")
    executables = sorted(os.path.join(bin_dir, name) for name in os.listdir(bin_dir))
    libraries = closure(executables, ldd)
    copy_libraries(libraries, lib_dir)
    set_search_paths(executables, lib_dir, libraries)
    copy_licences(libraries, os.path.join(variant_dir, "licenses"))
    check_self_contained(variant_dir, executables + [os.path.join(lib_dir, name) for name in libraries])
    return libraries


def main(arguments):
    if len(arguments) != 1:
        print("usage: bundle_libraries.py VARIANT_DIR", file=sys.stderr)
        return 2
    try:
        if platform.system() == "Darwin":
            plan = bundle_macos.bundle(arguments[0])
            print(f"bundle_libraries: {len(plan['copies'])} libraries copied into {arguments[0]}/lib")
        else:
            libraries = bundle_linux(arguments[0])
            print(f"bundle_libraries: {len(libraries)} libraries copied into {arguments[0]}/lib")
    except (BundleError, bundle_macos.BundleError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
