// Generated from art/music and art/haptics by bijoux-assets. Do not edit.
// swiftlint:disable all

import BijouxKit
import Foundation

/// How the app plays its music: `AVAudioSession.Category.ambient`, mixing with other
/// audio, and skipped when other audio is already playing.
public enum AudioPlaybackPolicy {
    public static let category = "ambient"
    public static let mixesWithOthers = true
    public static let skipsWhenOtherAudioIsPlaying = true
}

/// The background music (AAC-LC, 44.1 kHz stereo), each `Audio/<rawValue>.m4a`
/// in the bundle: `url`, and `player()` where AVFoundation is (BijouxKit's `BundledTrack`).
public enum AmbientTrack: String, CaseIterable, Sendable, BundledTrack {
    case ambientWaltz = "ambient-waltz"

    public static let fileExtension = "m4a"
    public static let folder = "Audio"
    public static var bundle: Bundle { soundsBundle }

    /// Frames per second.
    public var sampleRate: Int {
        switch self {
        case .ambientWaltz: return 44100
        }
    }

    /// The file's length in frames.
    public var frames: Int {
        switch self {
        case .ambientWaltz: return 2646000
        }
    }

    /// Seconds.
    public var duration: Double {
        switch self {
        case .ambientWaltz: return 60
        }
    }

    /// The frames that loop (the whole file for a seamless loop), nil for a track that plays once.
    public var loopFrames: Range<Int>? {
        switch self {
        case .ambientWaltz: return 0..<2646000
        }
    }

    /// Beats per minute, and beats in a bar.
    public var tempo: Double {
        switch self {
        case .ambientWaltz: return 72
        }
    }

    public var beatsPerBar: Int {
        switch self {
        case .ambientWaltz: return 3
        }
    }

    /// EBU R 128 integrated loudness (LUFS) and true peak (dBTP), as mastered.
    public var loudness: Double {
        switch self {
        case .ambientWaltz: return -20
        }
    }

    public var truePeak: Double {
        switch self {
        case .ambientWaltz: return -7.72
        }
    }
}

/// Core Haptics patterns, each `Haptics/<rawValue>.ahap` in the bundle: `url`, and
/// `pattern()` where Core Haptics is (BijouxKit's `BundledHapticPattern`). A charm's touch is a
/// plain impact at `CharmPhysics.hapticIntensity` (BijouxKit).
public enum HapticPattern: String, CaseIterable, Sendable, BundledHapticPattern {
    case transfer = "transfer"

    public static let fileExtension = "ahap"
    public static let folder = "Haptics"
    public static var bundle: Bundle { soundsBundle }
}

/// The bundle this target was built into: its resource bundle when SwiftPM builds it,
/// else the bundle of this code (an app's main bundle, or its framework's).
private var soundsBundle: Bundle {
    #if SWIFT_PACKAGE
        return .module
    #else
        return Bundle(for: SoundsBundleToken.self)
    #endif
}

private final class SoundsBundleToken {}
