#!/usr/bin/env python3
"""Tests of Packaging/bundle_macos.py on otool output recorded on Macs by others.

    python3 -B Packaging/test_bundle_macos.py

Every recording is copied from a public repository or issue, named in
Tests/BijouxAssetsTests/Packaging/Fixtures/otool/README.md; none was made here. MacLibraryStepTests
(Swift) runs this file, so CI runs it.
"""

import contextlib
import io
import os
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import bundle_macos as step  # noqa: E402

FIXTURES = os.path.join(HERE, "..", "Tests", "BijouxAssetsTests", "Packaging", "Fixtures", "otool")
ZSTD = "/opt/homebrew/opt/zstd/lib/libzstd.1.dylib"
CLANG_UML_RPATHS = ["/opt/local/libexec/llvm-19/lib", "/opt/local/libexec/llvm-19/lib/libunwind"]


def recording(name):
    with open(os.path.join(FIXTURES, "recordings", name), encoding="utf-8") as file:
        return file.read()


def recorded_plan(folder=""):
    executables, otool, exists = step.recorded(os.path.join(FIXTURES, folder))
    return step.plan(executables, otool, exists, os.path.normpath)


class ParsingOtool(unittest.TestCase):
    def test_an_executable_lists_what_it_loads_in_order(self):
        self.assertEqual(step.parse_otool_L(recording("clang-format.llvm-19.1.0-macOS-ARM64.otool-L.txt")), [
            "/usr/lib/libSystem.B.dylib", "/usr/lib/libz.1.dylib", ZSTD, "/usr/lib/libc++.1.dylib"])

    def test_a_dylib_lists_its_id_first(self):
        self.assertEqual(step.parse_otool_L(recording("libzstd.1.5.6.homebrew-arm64.otool-L.txt")),
                         [ZSTD, "/usr/lib/libSystem.B.dylib"])
        names = step.parse_otool_L(recording("libsndfile.1.homebrew-arm64.otool-L.txt"))
        self.assertEqual((len(names), names[0]), (9, "/opt/homebrew/opt/libsndfile/lib/libsndfile.1.dylib"))

    def test_indentation_is_tabs_or_spaces_and_the_header_is_never_a_name(self):
        self.assertEqual(step.parse_otool_L(recording("libzip.5.visualcraft-frameworks.otool-L.txt"))[:3], [
            "@executable_path/../Frameworks/libzip.5.dylib", "/usr/lib/libbz2.1.0.dylib",
            "@loader_path/../../../../opt/xz/lib/liblzma.5.dylib"])
        self.assertNotIn("HelloEmbedded", step.parse_otool_L(recording("HelloEmbedded.swiftc.otool-L.txt")))

    def test_rpaths_come_from_otool_l_cut_by_grep(self):
        self.assertEqual(step.parse_rpaths(recording("clang-uml.macports.otool-l-grep-RPATH.txt")), CLANG_UML_RPATHS)
        self.assertEqual(step.parse_rpaths(""), [])

    def test_the_system_is_usr_lib_and_System_and_nothing_else(self):
        for name in ["/usr/lib/libSystem.B.dylib", "/usr/lib/swift/libswiftCore.dylib", "/usr/lib/swift",
                     "/System/Library/Frameworks/OpenGL.framework/Versions/A/OpenGL"]:
            self.assertTrue(step.is_system(name), name)
        for name in [ZSTD, "/usr/local/opt/zstd/lib/libzstd.1.dylib", "/usr/local/lib/libpopt.0.dylib",
                     "@rpath/libLLVM.dylib", "@loader_path/libz.1.dylib", "/usr/libexec/x"]:
            self.assertFalse(step.is_system(name), name)


class Resolving(unittest.TestCase):
    def test_loader_path_is_the_folder_of_the_file_that_names_it(self):
        names = step.parse_otool_L(recording("libzip.5.visualcraft-frameworks.otool-L.txt"))
        keg_file = "/opt/homebrew/Cellar/libzip/1.10.1/lib/libzip.5.dylib"
        self.assertEqual(step.resolve(names[2], keg_file, "/x/bin/tool", [], lambda path: False),
                         "/opt/homebrew/opt/xz/lib/liblzma.5.dylib")
        self.assertEqual(step.resolve(names[3], keg_file, "/x/bin/tool", [], lambda path: False), ZSTD)

    def test_rpath_names_take_the_first_rpath_that_has_the_file(self):
        names = step.parse_otool_L(recording("clang-uml.macports.otool-L.txt"))
        rpaths = [(rpath, "debug/src/clang-uml") for rpath in CLANG_UML_RPATHS]
        there = {"/opt/local/libexec/llvm-19/lib/libLLVM.dylib",
                 "/opt/local/libexec/llvm-19/lib/libunwind/libunwind.1.dylib"}
        resolved = [step.resolve(name, "debug/src/clang-uml", "debug/src/clang-uml", rpaths, there.__contains__)
                    for name in (names[2], names[3])]
        self.assertEqual(resolved, sorted(there))
        with self.assertRaisesRegex(step.BundleError, "libclang-cpp.dylib is found through none.*llvm-19/lib/libclang"):
            step.resolve(names[1], "debug/src/clang-uml", "debug/src/clang-uml", rpaths, there.__contains__)

    def test_an_rpath_name_found_in_a_system_folder_is_the_systems(self):
        rpaths = [("/usr/lib/swift", "bin/tool"), ("/opt/homebrew/lib", "bin/tool")]
        self.assertIsNone(step.resolve("@rpath/libswift_Concurrency.dylib", "bin/tool", "bin/tool", rpaths, lambda p: True))

    def test_a_relative_install_name_is_refused(self):
        name = step.parse_otool_L(recording("a.out.conda-rpath.otool-L.txt"))[0]
        with self.assertRaisesRegex(step.BundleError, "libcrypto.1.0.0.dylib is a relative install name"):
            step.resolve(name, "a.out", "a.out", [], lambda path: True)


def changes_for(bundle_file, names):
    """The changes the plan makes to a file's non-system names, each library copied under its own name."""
    return [(name, step.new_install_name(bundle_file, os.path.basename(name)))
            for name in names if not step.is_system(name)]


class Rewriting(unittest.TestCase):
    def test_a_library_names_the_libraries_beside_it_and_takes_an_rpath_id(self):
        names = step.parse_otool_L(recording("libsndfile.1.homebrew-arm64.otool-L.txt"))
        arguments = step.rewrite_arguments("lib/libsndfile.1.dylib", changes_for("lib/", names[1:]), [], names[0])
        self.assertEqual(arguments[:3], ["-change", "/opt/homebrew/opt/libogg/lib/libogg.0.dylib",
                                         "@loader_path/libogg.0.dylib"])
        self.assertEqual(arguments.count("-change"), 7)
        self.assertEqual(arguments[-2:], ["-id", "@rpath/libsndfile.1.dylib"])
        self.assertNotIn("/usr/lib/libSystem.B.dylib", arguments)

    def test_an_executable_names_lib_beside_bin_and_loses_rpaths_out_of_the_bundle(self):
        names = step.parse_otool_L(recording("clang-uml.macports.otool-L.txt"))
        arguments = step.rewrite_arguments("bin/clang-uml", changes_for("bin/", names), CLANG_UML_RPATHS, None)
        self.assertEqual(arguments, [
            "-change", "/opt/local/lib/libyaml-cpp.0.8.dylib", "@loader_path/../lib/libyaml-cpp.0.8.dylib",
            "-change", "@rpath/libclang-cpp.dylib", "@loader_path/../lib/libclang-cpp.dylib",
            "-change", "@rpath/libLLVM.dylib", "@loader_path/../lib/libLLVM.dylib",
            "-change", "@rpath/libunwind.1.dylib", "@loader_path/../lib/libunwind.1.dylib",
            "-delete_rpath", CLANG_UML_RPATHS[0], "-delete_rpath", CLANG_UML_RPATHS[1]])

    def test_an_id_that_is_already_rpath_and_its_name_is_left(self):
        names = step.parse_otool_L(recording("libsignal-protocol-c.2.3.1.otool-L.txt"))
        self.assertEqual(step.rewrite_arguments("lib/libsignal-protocol-c.2.dylib", [], [], names[0]), [])
        names = step.parse_otool_L(recording("ppsspp_libretro.otool-L.txt"))
        self.assertEqual(step.rewrite_arguments("lib/ppsspp_libretro.dylib", changes_for("lib/", names[1:]), [], names[0]),
                         ["-change", "/usr/local/opt/libpng/lib/libpng16.16.dylib", "@loader_path/libpng16.16.dylib"])

    def test_rpaths_inside_the_bundle_or_the_systems_stay(self):
        self.assertFalse(step.rpath_leaves_bundle("@loader_path/../lib", "bin/tool"))
        self.assertFalse(step.rpath_leaves_bundle("@loader_path", "lib/libx.dylib"))
        self.assertFalse(step.rpath_leaves_bundle("@executable_path/../lib", "lib/libx.dylib"))
        self.assertFalse(step.rpath_leaves_bundle("/usr/lib/swift", "bin/tool"))
        self.assertTrue(step.rpath_leaves_bundle("@loader_path/../../../../opt/zstd/lib", "lib/libx.dylib"))
        self.assertTrue(step.rpath_leaves_bundle("/opt/homebrew/lib", "bin/tool"))


class Planning(unittest.TestCase):
    def test_the_recorded_executables_plan(self):
        plan = recorded_plan()
        self.assertEqual(plan["files"], ["bin/HelloEmbedded", "bin/clang-format", "lib/libzstd.1.dylib"])
        self.assertEqual(plan["copies"], [[ZSTD, "lib/libzstd.1.dylib"]])
        self.assertEqual(plan["commands"], [
            ["install_name_tool", "-change", ZSTD, "@loader_path/../lib/libzstd.1.dylib", "bin/clang-format"],
            ["install_name_tool", "-id", "@rpath/libzstd.1.dylib", "lib/libzstd.1.dylib"],
            ["codesign", "--force", "--sign", "-", "bin/clang-format"],
            ["codesign", "--force", "--sign", "-", "lib/libzstd.1.dylib"]])
        self.assertEqual(plan["system"]["bin/HelloEmbedded"],
                         step.parse_otool_L(recording("HelloEmbedded.swiftc.otool-L.txt")))

    def test_two_different_files_of_one_name_are_an_error(self):
        with self.assertRaisesRegex(step.BundleError, "both named libzstd.1.dylib: /opt/homebrew/opt/zstd/lib/"
                                    r"libzstd.1.dylib \(loaded by bin/clang-format\) and /usr/local/opt/zstd/lib/"):
            recorded_plan("two-files-one-name")

    def test_one_file_reached_by_two_paths_is_one_library_not_two_names(self):
        # Were both libzstd.1.dylib paths one file (canonical says so), the walk would go on past
        # them to rsync's next library, popt, whose output is not recorded: that error, not the other.
        executables, otool, exists = step.recorded(os.path.join(FIXTURES, "two-files-one-name"))
        same = {"/usr/local/opt/zstd/lib/libzstd.1.dylib": ZSTD}
        with self.assertRaisesRegex(step.BundleError, "no recorded otool -L output for /usr/local/opt/popt"):
            step.plan(executables, otool, exists, lambda path: same.get(path, path))

    def test_a_library_without_output_stops_the_plan_and_names_who_loads_it(self):
        with self.assertRaisesRegex(step.BundleError, "libpopt.0.dylib, which bin/rsync loads"):
            recorded_plan("unrecorded-library")

    def test_main_prints_the_plan_or_one_error(self):
        out, err = io.StringIO(), io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            statuses = [step.main(["--plan", FIXTURES]), step.main(["--plan", os.path.join(FIXTURES, "unrecorded-library")]),
                        step.main([])]
        self.assertEqual(statuses, [0, 1, 2])
        self.assertIn('"lib/libzstd.1.dylib"', out.getvalue())
        self.assertEqual(err.getvalue().count("error: "), 1)


class Checking(unittest.TestCase):
    def rewritten(self, plan, bundle_file, names):
        """A file's names as the plan's -change options leave them."""
        changes = {}
        for command in plan["commands"]:
            if command[0] == "install_name_tool" and command[-1] == bundle_file:
                changes.update({command[i + 1]: command[i + 2] for i, option in enumerate(command) if option == "-change"})
        return [changes.get(name, name) for name in names]

    def test_the_planned_names_leave_no_problem_and_the_recorded_ones_do(self):
        plan, files = recorded_plan(), set(recorded_plan()["files"])
        names = step.parse_otool_L(recording("clang-format.llvm-19.1.0-macOS-ARM64.otool-L.txt"))
        after = self.rewritten(plan, "bin/clang-format", names)
        self.assertEqual(step.reference_problems("bin/clang-format", after, [], [], files), [])
        self.assertEqual(step.reference_problems("bin/clang-format", names, [], [], files),
                         [f"bin/clang-format: {ZSTD} is not a file of the bundle"])

    def test_rpath_names_must_lead_into_the_bundle(self):
        names = step.parse_otool_L(recording("clang-uml.macports.otool-L.txt"))
        problems = step.reference_problems("bin/clang-uml", names, CLANG_UML_RPATHS, [], set())
        self.assertEqual(len(problems), 6)
        self.assertTrue(problems[0].startswith("bin/clang-uml: LC_RPATH /opt/local/libexec/llvm-19/lib leads out"))


class Applying(unittest.TestCase):
    def test_copies_licences_commands_then_the_check_that_fails_on_an_unchanged_file(self):
        with tempfile.TemporaryDirectory() as folder:
            keg = os.path.join(folder, "Cellar", "zstd", "1.5.6")
            os.makedirs(os.path.join(keg, "lib"))
            os.makedirs(os.path.join(folder, "variant", "bin"))
            for name in ("LICENSE", "COPYING", "README.md", os.path.join("lib", "libzstd.1.5.6.dylib")):
                with open(os.path.join(keg, name), "w") as file:
                    file.write(name)
            source = os.path.join(keg, "lib", "libzstd.1.5.6.dylib")
            plan = {"files": ["bin/clang-format"], "copies": [[source, "lib/libzstd.1.dylib"]],
                    "commands": [["codesign", "--force", "--sign", "-", "bin/clang-format"]]}
            ran = []
            listing = recording("clang-format.llvm-19.1.0-macOS-ARM64.otool-L.txt")
            with self.assertRaisesRegex(step.BundleError, f"still loads files from outside it:\n  bin/clang-format: {ZSTD}"):
                step.apply(plan, os.path.join(folder, "variant"), lambda argv, cwd: ran.append((argv, cwd)),
                           lambda path, flag: listing if flag == "-L" else "")
            variant = os.path.join(folder, "variant")
            self.assertEqual(ran, [(plan["commands"][0], variant)])
            licences = os.listdir(os.path.join(variant, "licenses", "libzstd.1.dylib"))
            self.assertEqual(sorted(licences), ["COPYING", "LICENSE"])
            self.assertEqual(oct(os.stat(os.path.join(variant, "lib", "libzstd.1.dylib")).st_mode & 0o777), "0o644")

    def test_a_library_already_in_lib_is_neither_copied_nor_given_licences_again(self):
        # The step run again on its own bundle: the copy's source is the file in lib/ itself.
        with tempfile.TemporaryDirectory() as variant:
            os.makedirs(os.path.join(variant, "bin"))
            os.makedirs(os.path.join(variant, "lib"))
            library = os.path.join(variant, "lib", "libzstd.1.dylib")
            with open(library, "w") as file:
                file.write("the copy")
            step.apply({"files": [], "copies": [[library, "lib/libzstd.1.dylib"]], "commands": []}, variant,
                       lambda argv, cwd: self.fail(argv), lambda path, flag: self.fail(path))
            self.assertEqual(os.listdir(os.path.join(variant, "lib")), ["libzstd.1.dylib"])

    def test_licence_names_are_homebrews(self):
        names = ["README.md", "LICENSE.txt", "COPYING", "lib", "INSTALL_RECEIPT.json", "Licence"]
        self.assertEqual(step.licence_files(names),
                         ["COPYING", "LICENSE.txt", "Licence"])


if __name__ == "__main__":
    unittest.main()
