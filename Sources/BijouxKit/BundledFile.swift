import Foundation

/// A file the build ships beside the asset catalog, named by an enum case: the generated
/// `AmbientTrack` (`Audio/<name>.m4a`) and `HapticPattern` (`Haptics/<name>.ahap`)
/// conform, so their `url` is found one way on every route into the app.
///
/// The file is looked up in `folder` of the bundle first, which is where SwiftPM puts it
/// (the plugin's `Audio/` and `Haptics/` outputs, or the in-tree route's `.copy` rules
/// keep the folder), then at the bundle's top level, where Xcode puts the files of a
/// group added to an app target by hand.
public protocol BundledFile: RawRepresentable, Sendable where RawValue == String {
    /// The file's extension, without the dot ("ahap").
    static var fileExtension: String { get }
    /// The folder of the bundle that holds the files ("Haptics").
    static var folder: String { get }
    /// The bundle the generated code was built into: the target's resource bundle when
    /// SwiftPM builds it, else the bundle of that code.
    static var bundle: Bundle { get }
}

extension BundledFile {
    /// The file's name in the bundle ("transfer.ahap").
    public var fileName: String { rawValue + "." + Self.fileExtension }

    /// The file in `Self.bundle`. The build writes every case's file, so it is missing
    /// only when the files were left out of the app (a precondition failure that names
    /// the file and the bundle).
    public var url: URL { url(in: Self.bundle) }

    /// The file in `bundle`: in its `Self.folder` folder, else at its top level.
    public func url(in bundle: Bundle) -> URL {
        guard let url = locate(in: bundle) else {
            preconditionFailure("no \(Self.folder)/\(fileName) (nor \(fileName)) in the bundle \(bundle.bundlePath)")
        }
        return url
    }

    /// The file in `bundle`, or nil when it is in neither place.
    public func locate(in bundle: Bundle) -> URL? {
        bundle.url(forResource: rawValue, withExtension: Self.fileExtension, subdirectory: Self.folder)
            ?? bundle.url(forResource: rawValue, withExtension: Self.fileExtension)
    }
}

/// A generated music track (`AmbientTrack`): where its loop is, for the player.
public protocol BundledTrack: BundledFile {
    /// The frames that loop, nil for a track that plays once.
    var loopFrames: Range<Int>? { get }
}

/// A generated Core Haptics pattern (`HapticPattern`).
public protocol BundledHapticPattern: BundledFile {}
