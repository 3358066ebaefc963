#!/usr/bin/env python3
"""Tests of Packaging/merge-bundles on small bundles made here.

    python3 -B Packaging/test_merge_bundles.py

Each bundle is laid out as Packaging/artifactbundle lays out its own, with placeholder
executables: a few bytes of an ELF or Mach-O header and a line saying what they are, never a
real build. ReleaseMergeTests (Swift) runs this file, so CI runs it, and merges the
real bundle of this machine with stand-ins made the same way.
"""

import json
import os
import stat
import struct
import subprocess
import sys
import tempfile
import unittest
import zipfile

HERE = os.path.dirname(os.path.abspath(__file__))
SCRIPT = os.path.join(HERE, "merge-bundles")
VERSION = "1.2.3"
LINUX = "x86_64-unknown-linux-gnu"
MAC_ARM = "arm64-apple-macosx"
MAC_INTEL = "x86_64-apple-macosx"
TOOLS = {"bijoux-assets": ["bijoux-assets", "bijoux-render"], "bijoux-aac": ["bijoux-aac"]}


def placeholder(triples):
    """An executable's first bytes for the triples (a fat Mach-O header for two), then words."""
    if all(triple.endswith("-apple-macosx") for triple in triples):
        cpus = {MAC_ARM: 0x0100000C, MAC_INTEL: 0x01000007}
        if len(triples) == 1:
            header = struct.pack("<II", 0xFEEDFACF, cpus[triples[0]])
        else:
            header = struct.pack(">II", 0xCAFEBABE, len(triples)) + b"".join(struct.pack(">II", cpus[t], 3) + bytes(12) for t in triples)
    else:
        header = b"\x7fELF"
    return header + f"\nplaceholder for {', '.join(triples)}, not a real build\n".encode()


def variant_folder(name, version, triples):
    return f"{name}-{version}-" + ("macos" if len(triples) > 1 else triples[0])


def info_for(name, version, variants):
    """info.json as artifactbundle writes it, for VARIANTS: a list of (folder, triples)."""
    return {
        "schemaVersion": "1.0",
        "artifacts": {
            tool: {
                "version": version,
                "type": "executable",
                "variants": [{"path": f"{folder}/bin/{tool}", "supportedTriples": triples} for folder, triples in variants],
            }
            for tool in TOOLS[name]
        },
    }


def add(archive, name, data, mode=stat.S_IFREG | 0o644):
    entry = zipfile.ZipInfo(name)
    entry.external_attr = mode << 16
    archive.writestr(entry, data)


def write_bundle(path, name, *variant_triples, version=VERSION, info=None, extra=None):
    """A zip at PATH holding the bundle NAME with one variant for each list of triples; INFO
    replaces its info.json and EXTRA adds entries ({name in the zip: (bytes, mode)})."""
    root = f"{name}.artifactbundle"
    variants = [(variant_folder(name, version, triples), triples) for triples in variant_triples]
    info = info_for(name, version, variants) if info is None else info
    with zipfile.ZipFile(path, "w") as archive:
        add(archive, f"{root}/info.json", json.dumps(info))
        for folder, triples in variants:
            for tool in TOOLS[name]:
                add(archive, f"{root}/{folder}/bin/{tool}", placeholder(triples), stat.S_IFREG | 0o755)
            add(archive, f"{root}/{folder}/licenses/index.txt", f"# licences of {folder}\n")
        for entry_name, (data, mode) in (extra or {}).items():
            add(archive, entry_name, data, mode)
    return path


class MergeCase(unittest.TestCase):
    def setUp(self):
        self.folder = tempfile.TemporaryDirectory()
        self.addCleanup(self.folder.cleanup)

    def path(self, name):
        return os.path.join(self.folder.name, name)

    def merge(self, out, *inputs):
        return subprocess.run([sys.executable, "-B", SCRIPT, self.path(out), *inputs], capture_output=True, text=True)

    def three_triples(self, name="bijoux-assets"):
        return [
            write_bundle(self.path(f"linux-{name}.zip"), name, [LINUX]),
            write_bundle(self.path(f"arm-{name}.zip"), name, [MAC_ARM]),
            write_bundle(self.path(f"intel-{name}.zip"), name, [MAC_INTEL]),
        ]

    def read_back(self, out, name):
        """The merged zip's info.json and entries, every variant's path checked to be an
        executable entry of the zip."""
        with zipfile.ZipFile(self.path(out)) as archive:
            entries = {entry.filename: entry for entry in archive.infolist()}
            info = json.loads(archive.read(f"{name}.artifactbundle/info.json"))
            for artifact in info["artifacts"].values():
                for variant in artifact["variants"]:
                    entry = entries.get(f"{name}.artifactbundle/{variant['path']}")
                    self.assertIsNotNone(entry, variant["path"])
                    self.assertEqual(stat.S_IMODE(entry.external_attr >> 16), 0o755, variant["path"])
        return info, entries

    def assert_refused(self, result, message, out="out.zip"):
        """One error line, exit status 1, nothing written, no temporary file left."""
        self.assertEqual(result.returncode, 1, result.stderr)
        self.assertEqual(result.stdout, "")
        self.assertEqual(result.stderr, f"merge-bundles: error: {message}\n")
        self.assertFalse(os.path.exists(self.path(out)))
        self.assertEqual([name for name in os.listdir(self.folder.name) if name.startswith(".merge-bundles")], [])


class Merging(MergeCase):
    def test_three_machines_make_one_bundle_listing_every_triple(self):
        for name in TOOLS:
            result = self.merge(f"{name}.zip", *self.three_triples(name))
            self.assertEqual(result.returncode, 0, result.stderr)
            info, entries = self.read_back(f"{name}.zip", name)
            self.assertEqual(sorted(info["artifacts"]), TOOLS[name])
            for tool, artifact in info["artifacts"].items():
                self.assertEqual(artifact["version"], VERSION)
                self.assertEqual(artifact["variants"], [
                    {"path": f"{name}-{VERSION}-{MAC_ARM}/bin/{tool}", "supportedTriples": [MAC_ARM]},
                    {"path": f"{name}-{VERSION}-{MAC_INTEL}/bin/{tool}", "supportedTriples": [MAC_INTEL]},
                    {"path": f"{name}-{VERSION}-{LINUX}/bin/{tool}", "supportedTriples": [LINUX]},
                ])
            # Every file of every input, under its variant's folder, with its bytes.
            with zipfile.ZipFile(self.path(f"{name}.zip")) as archive:
                linux = archive.read(f"{name}.artifactbundle/{name}-{VERSION}-{LINUX}/bin/{TOOLS[name][0]}")
            self.assertEqual(linux, placeholder([LINUX]))
            mask = os.umask(0)
            os.umask(mask)
            self.assertEqual(stat.S_IMODE(os.stat(self.path(f"{name}.zip")).st_mode), 0o666 & ~mask)
            self.assertEqual(len(entries), 1 + 3 * (len(TOOLS[name]) + 1))

    def test_a_universal_macos_variant_lists_both_macos_triples(self):
        linux = write_bundle(self.path("linux.zip"), "bijoux-assets", [LINUX])
        mac = write_bundle(self.path("mac.zip"), "bijoux-assets", [MAC_ARM, MAC_INTEL])
        self.assertEqual(self.merge("out.zip", linux, mac).returncode, 0)
        info, _ = self.read_back("out.zip", "bijoux-assets")
        variants = info["artifacts"]["bijoux-render"]["variants"]
        self.assertEqual([variant["supportedTriples"] for variant in variants], [[MAC_ARM, MAC_INTEL], [LINUX]])

    def test_the_same_bundles_give_the_same_bytes_in_any_order(self):
        inputs = self.three_triples()
        self.merge("first.zip", *inputs)
        self.merge("second.zip", *reversed(inputs))
        with open(self.path("first.zip"), "rb") as first, open(self.path("second.zip"), "rb") as second:
            self.assertEqual(first.read(), second.read())
        with zipfile.ZipFile(self.path("first.zip")) as archive:
            names = [entry.filename for entry in archive.infolist()]
            self.assertEqual(names[1:], sorted(names[1:]))
            self.assertEqual({entry.date_time for entry in archive.infolist()}, {(2000, 1, 1, 0, 0, 0)})

    def test_a_folder_zips_as_its_zip_does(self):
        zipped = write_bundle(self.path("linux.zip"), "bijoux-aac", [LINUX])
        with zipfile.ZipFile(zipped) as archive:
            archive.extractall(self.path("unpacked"))
        folder = self.path("unpacked/bijoux-aac.artifactbundle")
        os.chmod(os.path.join(folder, f"bijoux-aac-{VERSION}-{LINUX}/bin/bijoux-aac"), 0o755)
        self.assertEqual(self.merge("from-zip.zip", zipped).returncode, 0)
        self.assertEqual(self.merge("from-folder.zip", folder).returncode, 0)
        with open(self.path("from-zip.zip"), "rb") as first, open(self.path("from-folder.zip"), "rb") as second:
            self.assertEqual(first.read(), second.read())

    def test_a_refusal_keeps_the_previous_output(self):
        self.assertEqual(self.merge("out.zip", *self.three_triples()).returncode, 0)
        with open(self.path("out.zip"), "rb") as file:
            before = file.read()
        other = write_bundle(self.path("other.zip"), "bijoux-assets", [LINUX], version="1.2.4")
        self.assertEqual(self.merge("out.zip", self.path("linux-bijoux-assets.zip"), other).returncode, 1)
        with open(self.path("out.zip"), "rb") as file:
            self.assertEqual(file.read(), before)


class Refusing(MergeCase):
    def test_two_variants_of_one_triple(self):
        first = write_bundle(self.path("a.zip"), "bijoux-assets", [LINUX])
        second = write_bundle(self.path("b.zip"), "bijoux-assets", [MAC_ARM, LINUX])
        self.assert_refused(self.merge("out.zip", first, second), (
            f"bijoux-assets has two variants for {LINUX}: {first}'s bijoux-assets-{VERSION}-{LINUX}/bin/bijoux-assets"
            f" and {second}'s bijoux-assets-{VERSION}-macos/bin/bijoux-assets"))

    def test_the_same_machines_bundle_twice(self):
        first = write_bundle(self.path("a.zip"), "bijoux-aac", [LINUX])
        self.assert_refused(self.merge("out.zip", first, first), (
            f"bijoux-aac has two variants for {LINUX}: {first}'s bijoux-aac-{VERSION}-{LINUX}/bin/bijoux-aac"
            f" and {first}'s bijoux-aac-{VERSION}-{LINUX}/bin/bijoux-aac"))

    def test_different_versions(self):
        first = write_bundle(self.path("a.zip"), "bijoux-assets", [LINUX])
        second = write_bundle(self.path("b.zip"), "bijoux-assets", [MAC_ARM], version="1.3.0")
        self.assert_refused(self.merge("out.zip", first, second), f"{second} is version 1.3.0, {first} {VERSION}: only bundles of one version merge")

    def test_different_bundles(self):
        first = write_bundle(self.path("a.zip"), "bijoux-assets", [LINUX])
        second = write_bundle(self.path("b.zip"), "bijoux-aac", [MAC_ARM])
        self.assert_refused(self.merge("out.zip", first, second), (
            f"{second} is bijoux-aac.artifactbundle, {first} bijoux-assets.artifactbundle: only bundles of one name merge"))

    def test_different_artifacts(self):
        first = write_bundle(self.path("a.zip"), "bijoux-assets", [LINUX])
        info = info_for("bijoux-assets", VERSION, [(f"bijoux-assets-{VERSION}-{MAC_ARM}", [MAC_ARM])])
        del info["artifacts"]["bijoux-render"]
        second = write_bundle(self.path("b.zip"), "bijoux-assets", [MAC_ARM], info=info)
        self.assert_refused(self.merge("out.zip", first, second), (
            f"{second} holds bijoux-assets, {first} bijoux-assets, bijoux-render: only bundles of the same artifacts merge"))

    def test_what_is_not_a_bundle(self):
        not_zip = self.path("notes.zip")
        with open(not_zip, "w") as file:
            file.write("not a zip\n")
        self.assert_refused(self.merge("out.zip", not_zip), f"{not_zip}: not a zip archive")
        self.assert_refused(self.merge("out.zip", self.path("missing.zip")), f"{self.path('missing.zip')}: no such file")
        root = "bijoux-aac.artifactbundle"
        cases = {
            "climbs.zip": ({f"{root}/../escape": (b"x", stat.S_IFREG | 0o644)}, f"'{root}/../escape' is not a plain relative path"),
            "link.zip": ({f"{root}/bijoux-aac-{VERSION}-{LINUX}/lib/libz.so": (b"/etc/passwd", stat.S_IFLNK | 0o777)},
                         f"{root}/bijoux-aac-{VERSION}-{LINUX}/lib/libz.so is a symbolic link"),
            "stray.zip": ({f"{root}/stray.txt": (b"x", stat.S_IFREG | 0o644)}, "stray.txt is in no variant's folder"),
            "second-root.zip": ({"other/file": (b"x", stat.S_IFREG | 0o644)},
                                f"its root is not one folder <name>.artifactbundle (it holds {root}, other)"),
        }
        for name, (extra, message) in cases.items():
            with self.subTest(name):
                bundle = write_bundle(self.path(name), "bijoux-aac", [LINUX], extra=extra)
                self.assert_refused(self.merge("out.zip", bundle), f"{bundle}: {message}")

    def test_an_info_json_that_names_a_missing_file_or_lacks_a_field(self):
        info = info_for("bijoux-aac", VERSION, [(f"bijoux-aac-{VERSION}-{LINUX}", [LINUX])])
        info["artifacts"]["bijoux-aac"]["variants"][0]["path"] = f"bijoux-aac-{VERSION}-{LINUX}/bin/missing"
        bundle = write_bundle(self.path("missing-file.zip"), "bijoux-aac", [LINUX], info=info)
        self.assert_refused(self.merge("out.zip", bundle), (
            f"{bundle}: info.json names bijoux-aac-{VERSION}-{LINUX}/bin/missing, which the bundle does not hold"))
        del info["artifacts"]["bijoux-aac"]["variants"][0]["supportedTriples"]
        bundle = write_bundle(self.path("no-triples.zip"), "bijoux-aac", [LINUX], info=info)
        self.assert_refused(self.merge("out.zip", bundle), (
            f"{bundle}: info.json: the triples of bijoux-aac-{VERSION}-{LINUX}/bin/missing is missing or empty"))


if __name__ == "__main__":
    unittest.main()
