import Testing

@testable import BijouxAssets
@testable import BijouxCore

/// Both helpers are identified one way, without being run: their executable's identity
/// and their libraries' files; and one that cannot be read is one error at the file
/// being made, naming the helper and where it was looked for.
@Suite("A helper's identity")
struct HelperIdentityTests {
    @Test func bothHelpersAreIdentifiedByTheirExecutableAndTheirLibraries() throws {
        let libraries = LinkedLibraries()
        var identities: [String] = []
        for helper in [IconRenderer.executable, AACCodec.executable] {
            let identity = try helper.identity(file: "art/x", libraries: libraries)
            #expect(identity == "\(try FileIO.executableIdentity(ofFile: helper.path)); \(libraries.identity(of: helper))")
            #expect(!identity.contains(LinkedLibraries.unidentified), "\(identity)")
            identities.append(identity)
        }
        #expect(identities[0] != identities[1])
    }

    @Test func aMissingHelperIsOneErrorAtTheFileBeingMade() {
        let missing = HelperExecutable(role: "the stand-in", name: "bijoux-no-such-helper", variable: "BIJOUX_NO_SUCH_HELPER", libraryPrefixes: ["libz"])
        #expect {
            try missing.identity(file: "art/icons/a.svg", libraries: LinkedLibraries())
        } throws: { error in
            guard let error = error as? ArtFileError else { return false }
            return error.file == "art/icons/a.svg"
                && error.message.hasPrefix("cannot run the stand-in \(missing.path) (it is built beside bijoux-assets and ships beside it; ")
        }
    }
}
