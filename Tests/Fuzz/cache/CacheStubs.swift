// BuildCache.swift names the system libraries' versions through SystemLibraries, whose
// file asks cairo, libpng, zlib, libebur128 and KISS FFT for them and would link
// them all into the fuzz build: this stands in for it with no libraries (the cache
// decoder never reads the identity's parts).
enum SystemLibraries {
    static let current: [(name: String, version: String)] = []
}
