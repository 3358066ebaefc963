// libFuzzer harness for the PNG decoder (`make fuzz`): libpng through the C shim and
// PNGDecoder's own handling. Any input must decode or be refused; a decoded image
// must have the size its header claims.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPNG(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    // Small limits keep each run fast; the caps are what is under test, not their size.
    let limit = ImageSizeLimit(maxSide: 1024, maxPixels: 1 << 18)
    guard let decoded = try? PNGDecoder.decode(bytes, path: "fuzz.png", limit: limit) else { return 0 }
    switch decoded {
    case .rgba8(let image, _): precondition(image.pixels.count == image.width * image.height * 4)
    case .rgba16(let image, _): precondition(image.pixels.count == image.width * image.height * 4)
    }
    return 0
}
