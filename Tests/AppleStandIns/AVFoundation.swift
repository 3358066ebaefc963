// Stand-in for Apple's AVFoundation (which re-exports AVFAudio): exactly what the project's
// code calls. See README.md.
@_exported import Foundation

/// https://developer.apple.com/documentation/avfaudio/avaudioplayer
open class AVAudioPlayer: NSObject {
    /// https://developer.apple.com/documentation/avfaudio/avaudioplayer/init(contentsof:)
    public init(contentsOf url: URL) throws { fatalError("stand-in") }

    /// https://developer.apple.com/documentation/avfaudio/avaudioplayer/numberofloops
    open var numberOfLoops: Int {
        get { fatalError("stand-in") }
        set { fatalError("stand-in") }
    }
}
