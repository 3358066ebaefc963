#if canImport(CoreHaptics)
    import CoreHaptics

    extension BundledHapticPattern {
        /// The pattern, read from its `.ahap` file in `bundle`.
        public func pattern(in bundle: Bundle = Self.bundle) throws -> CHHapticPattern {
            try CHHapticPattern(contentsOf: url(in: bundle))
        }
    }
#endif

#if canImport(AVFoundation)
    import AVFoundation

    extension BundledTrack {
        /// A player for the track in `bundle`, looping for ever when the track loops
        /// (`loopFrames` is the whole file). Play it as `AudioPlaybackPolicy` says: in the
        /// ambient category, mixing with others, and not when other audio is playing.
        public func player(in bundle: Bundle = Self.bundle) throws -> AVAudioPlayer {
            let player = try AVAudioPlayer(contentsOf: url(in: bundle))
            player.numberOfLoops = loopFrames == nil ? 0 : -1
            return player
        }
    }
#endif
