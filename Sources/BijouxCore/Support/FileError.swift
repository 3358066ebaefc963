/// A file that could not be read or written: art, outputs, the cache, the lock. One
/// type for every file operation of the tool (`FileIO`); a PNG that is read but
/// malformed is an `ImageIOError`.
package enum FileError: UserFacingError, Equatable {
    case cannotRead(path: String, reason: String)
    case cannotWrite(path: String, reason: String)

    package var diagnostic: Diagnostic {
        switch self {
        case .cannotRead(let path, let reason): Diagnostic(place: path, message: "cannot read: \(reason)")
        case .cannotWrite(let path, let reason): Diagnostic(place: path, message: "cannot write: \(reason)")
        }
    }
}
