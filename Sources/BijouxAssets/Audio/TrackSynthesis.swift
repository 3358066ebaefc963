import CKissFFT

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A score's track before its gain, made a block at a time so that memory does not grow
/// with the score's length: the notes sounding in a block, the reverb's overlap, and for
/// a loop the head that the tail is folded back onto are all that is held. Every sample
/// is the sum of the same terms in the same order as if each step ran over the whole
/// track (notes in arrangement order, reverb blocks in time order, the tail after the
/// head), so the bits are those of a whole-track computation.
struct TrackSynthesis {
    let score: Score
    /// The loop's or the music's length, in frames, before the reverb's tail.
    let body: Int
    /// The notes' span: the body and the ring-out.
    let frames: Int
    /// The track's length.
    let length: Int

    init(_ score: Score) {
        self.score = score
        let rate = Voices.sampleRate
        body = Int((score.bodySeconds * rate).rounded())
        frames = body + Int(AmbientTrack.ringOut * rate)
        let responseLength = Int(score.reverbSeconds * rate)
        let room = frames + responseLength - 1
        length = score.loop ? body : min(room, body + Int(score.reverbSeconds * rate))
    }

    /// Calls `emit` with every frame of the track once, interleaved (left, right), and the
    /// frame it starts at: in order, except a loop's head (as long as its tail), which
    /// comes last, once the tail has been added to it.
    func render(_ emit: (_ interleaved: [Float], _ at: Int) -> Void) {
        let arrangement = Arrangement(score)
        // The piano draws no random numbers: its stream is never used.
        var piano = NoteStream(arrangement.piano, random: SeededRandom(seed: score.seed, stream: 0)) { note, _ in Voices.electricPiano(note) }
        var bass = NoteStream(arrangement.bass, random: SeededRandom(seed: score.seed, stream: 5)) { note, random in Voices.bass(note, random: &random) }
        var brushes = NoteStream(score.levels.brushes > 0 ? arrangement.brushes : [], random: SeededRandom(seed: score.seed, stream: 6)) {
            stroke, random in Voices.brush(stroke, random: &random)
        }
        let cycles = max(1, (AmbientTrack.tremoloRate * score.bodySeconds).rounded())
        let omega = 2 * Double.pi * cycles / Double(body)
        let response = Reverb.impulseResponse(seconds: score.reverbSeconds, seed: score.seed)
        let left = Reverb.Convolver(response.left), right = Reverb.Convolver(response.right)
        let wetGain = Float(score.reverbMix), dryGain = 1 - Float(score.reverbMix) * 0.5
        var master = Fold(
            loop: score.loop, body: body, length: length, fadeIn: Int(score.fadeIn * Voices.sampleRate), fadeOut: Int(score.fadeOut * Voices.sampleRate),
            tail: frames + response.left.count - 1 - body)

        var start = 0
        while start < frames {
            let end = min(frames, start + left.block)
            var block = StereoBuffer(frames: end - start)
            piano.add(to: &block, from: start) { note, _ in (note.pan * 0.5, 0.16) }
            for n in start..<end {
                let s = sin(omega * Double(n))
                block.left[n - start] *= Float(1 - AmbientTrack.tremoloDepth * (0.5 + 0.5 * s))
                block.right[n - start] *= Float(1 - AmbientTrack.tremoloDepth * (0.5 - 0.5 * s))
            }
            var mix = StereoBuffer(frames: end - start)
            mix.add(block, gain: Float(score.levels.piano))
            bass.add(to: &mix, from: start) { _, _ in (-0.05, 0.5 * score.levels.bass) }
            brushes.add(to: &mix, from: start) { _, i in (i % 3 == 0 ? 0.25 : 0.35, 0.05 * score.levels.brushes) }
            var room = StereoBuffer(left: left.push(mix.left), right: right.push(mix.right))
            for i in 0..<room.frames {
                room.left[i] *= wetGain
                room.right[i] *= wetGain
            }
            room.add(mix, gain: dryGain)
            master.take(room, at: start, emit)
            start = end
        }
        var tail = StereoBuffer(left: left.finish(), right: right.finish())
        for i in 0..<tail.frames {
            tail.left[i] *= wetGain
            tail.right[i] *= wetGain
        }
        master.take(tail, at: frames, emit)
        master.finish(emit)
    }

    /// One voice's notes, rendered strictly in arrangement order (the random stream
    /// some voices draw from is consumed in that order) but only once a block needs
    /// them: every note starting before the block's end has been rendered, and a note
    /// is let go once the block passes its end.
    struct NoteStream {
        let notes: [Note]
        var random: SeededRandom
        let render: (Note, inout SeededRandom) -> [Float]
        /// The earliest start of the notes from each index on: which notes a block needs.
        let earliest: [Int]
        var next = 0
        var sounding: [(index: Int, offset: Int, samples: [Float])] = []

        init(_ notes: [Note], random: SeededRandom, render: @escaping (Note, inout SeededRandom) -> [Float]) {
            (self.notes, self.random, self.render) = (notes, random, render)
            var earliest = [Int](repeating: .max, count: notes.count + 1)
            for i in notes.indices.reversed() { earliest[i] = min(earliest[i + 1], Int(notes[i].start * Voices.sampleRate)) }
            self.earliest = earliest
        }

        /// Adds the notes sounding in `buffer`, which starts at frame `start`, in
        /// arrangement order; `placement` gives a note's pan and gain.
        mutating func add(to buffer: inout StereoBuffer, from start: Int, placement: (Note, Int) -> (pan: Double, gain: Double)) {
            let end = start + buffer.frames
            while next < notes.count && earliest[next] < end {
                sounding.append((next, Int(notes[next].start * Voices.sampleRate), render(notes[next], &random)))
                next += 1
            }
            for note in sounding where note.offset < end {
                let (pan, gain) = placement(notes[note.index], note.index)
                buffer.add(note.samples, at: note.offset - start, pan: pan, gain: gain)
            }
            sounding.removeAll { $0.offset + $0.samples.count <= end }
        }
    }

    /// The last step before the gain: for a loop, what rings past its end is added
    /// back onto its head (held until the tail has come); otherwise the track is cut
    /// to length and faded.
    struct Fold {
        let loop: Bool
        let body: Int
        let length: Int
        let fadeIn: Int, fadeOut: Int
        var head: StereoBuffer

        /// `tail`: how far the reverb's output runs past `body`.
        init(loop: Bool, body: Int, length: Int, fadeIn: Int, fadeOut: Int, tail: Int) {
            (self.loop, self.body, self.length, self.fadeIn, self.fadeOut) = (loop, body, length, fadeIn, fadeOut)
            head = StereoBuffer(frames: loop ? min(body, max(0, tail)) : 0)
        }

        /// Takes the reverb's output from frame `start` on.
        mutating func take(_ room: StereoBuffer, at start: Int, _ emit: ([Float], Int) -> Void) {
            var out: [Float] = []
            out.reserveCapacity(2 * room.frames)
            var first = -1
            for i in 0..<room.frames {
                let p = start + i
                if loop {
                    let q = p % body
                    if q < head.frames {
                        head.left[q] += room.left[i]
                        head.right[q] += room.right[i]
                        continue
                    }
                    var l: Float = 0, r: Float = 0
                    l += room.left[i]
                    r += room.right[i]
                    if first < 0 { first = p }
                    out.append(l)
                    out.append(r)
                } else if p < length {
                    var l = room.left[i], r = room.right[i]
                    if p < fadeIn {
                        let g = Float(p) / Float(fadeIn)
                        l *= g
                        r *= g
                    }
                    let j = length - 1 - p
                    if j < fadeOut {
                        let g = Float(j) / Float(fadeOut)
                        l *= g
                        r *= g
                    }
                    if first < 0 { first = p }
                    out.append(l)
                    out.append(r)
                }
            }
            if first >= 0 { emit(out, first) }
        }

        func finish(_ emit: ([Float], Int) -> Void) {
            guard head.frames > 0 else { return }
            var out = [Float](repeating: 0, count: 2 * head.frames)
            for i in 0..<head.frames {
                out[2 * i] = head.left[i]
                out[2 * i + 1] = head.right[i]
            }
            emit(out, 0)
        }
    }
}
