#!/usr/bin/env python3
"""A root folder that holds nothing of a machine but its C library, for running the artifact
bundles' tools as a bare machine would (BareRootTests, Benchmarks/bench-bundle).

    python3 Packaging/bare_root.py make ROOT DIST ART
    python3 Packaging/bare_root.py run ROOT [NAME=VALUE ...] -- COMMAND [ARGUMENT ...]

`make` fills ROOT with the system's libraries the bundles' executables load (those of
system-libraries.txt, each at the path the loader names for it), every bundle of DIST as
/bundles/<name>.artifactbundle, the art folder ART as /art, an empty /proc and /tmp (where
the tool keeps a track's temporary files). `run` runs COMMAND inside ROOT, in an environment
of the NAME=VALUE pairs alone: in a new mount and process namespace with the kernel's /proc
mounted at ROOT/proc (glibc's loader reads /proc/self/exe to know $ORIGIN), then chroot.
Both take root.
"""

import glob
import os
import shutil
import sys

import bundle_libraries


def system_files(executables):
    """The files of the system's libraries the executables load, as the loader names them."""
    files = set()
    for executable in executables:
        for name, path in bundle_libraries.parse_ldd(bundle_libraries.ldd(executable)):
            if name in bundle_libraries.SYSTEM_LIBRARIES and path and path.startswith("/"):
                files.add(path)
    return sorted(files)


def make(root, dist, art):
    shutil.rmtree(root, ignore_errors=True)
    bundles = sorted(glob.glob(os.path.join(dist, "*.artifactbundle")))
    for bundle in bundles:
        shutil.copytree(bundle, os.path.join(root, "bundles", os.path.basename(bundle)), symlinks=True)
    for file in system_files(sorted(glob.glob(os.path.join(root, "bundles", "*", "*", "bin", "*")))):
        os.makedirs(os.path.dirname(root + file), exist_ok=True)
        shutil.copyfile(os.path.realpath(file), root + file)
        os.chmod(root + file, 0o755)
    shutil.copytree(art, os.path.join(root, "art"))
    os.makedirs(os.path.join(root, "proc"))
    os.makedirs(os.path.join(root, "tmp"))
    os.chmod(os.path.join(root, "tmp"), 0o1777)


def command(root, arguments, environment, proc_of=None):
    """The argv that runs `arguments` inside `root` with `environment` (NAME=VALUE strings)
    alone; `proc_of` is the bare root whose /proc is mounted, `root` itself by default (the
    benchmark runs the build tree's tool through the same wrapper with `/` as its root)."""
    proc = os.path.join(proc_of or root, "proc")
    return (["/usr/bin/env", "-i", *environment, shutil.which("unshare"), "--fork", "--pid", f"--mount-proc={proc}",
             shutil.which("chroot"), root] + arguments)


def main(arguments):
    if arguments[:1] == ["make"] and len(arguments) == 4:
        make(*arguments[1:])
        return 0
    if arguments[:1] == ["run"] and "--" in arguments[2:]:
        split = arguments.index("--")
        argv = command(arguments[1], arguments[split + 1:], arguments[2:split])
        os.execv(argv[0], argv)
    print(__doc__.strip().split("\n\n")[1], file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
