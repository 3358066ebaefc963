import BijouxCore
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
package struct TrackSynthesis {
    let score: Score
    /// The loop's or the music's length, in frames, before the reverb's tail.
    let body: Int
    /// The notes' span: the body and the ring-out.
    let frames: Int
    /// The track's length.
    package let length: Int

    /// The piano's tremolo (a suitcase piano's stereo vibrato, slow): its rate is
    /// moved to a whole number of cycles per loop, so the seam does not jump.
    static let tremoloRate = 2.8
    static let tremoloDepth = 0.28
    /// How long past the last bar notes may ring before the reverb.
    static let ringOut = 3.0
    /// The voices' gains in the mix, before the score's levels (see docs/sounds.md, the
    /// balance): the piano carries the melody and the chords; the bass sits under it,
    /// most of its energy below 200 Hz, where the piano has little; the brushes are a
    /// texture far below both.
    static let pianoGain = 0.16
    static let bassGain = 0.2
    static let brushGain = 0.05

    package init(_ score: Score) {
        self.score = score
        let rate = Voices.sampleRate
        body = Int((score.bodySeconds * rate).rounded())
        frames = body + Int(TrackSynthesis.ringOut * rate)
        let responseLength = Int(score.reverbSeconds * rate)
        let room = frames + responseLength - 1
        length = score.loop ? body : min(room, body + Int(score.reverbSeconds * rate))
    }

    /// Calls `emit` with every frame of the track once, interleaved (left, right), and the
    /// frame it starts at: in order, except a loop's head (as long as its tail), which
    /// comes last, once the tail has been added to it. The notes a block needs are made
    /// on `threads` threads and the reverb's two channels transformed back side by side; what is added is
    /// the same, in the same order, for any number.
    package func render(threads: Int = 1, _ emit: (_ interleaved: [Float], _ at: Int) -> Void) {
        let arrangement = Arrangement(score)
        let seed = score.seed
        var voices = [
            NoteStream(arrangement.piano) { note, _ in Voices.electricPiano(note) },
            NoteStream(arrangement.bass) { note, _ in Voices.bass(note) },
            NoteStream(score.levels.brushes > 0 ? arrangement.brushes : []) { stroke, index in Voices.brush(stroke, seed: seed, index: index) },
        ]
        let cycles = max(1, Int((TrackSynthesis.tremoloRate * score.bodySeconds).rounded()))
        let response = Reverb.impulseResponse(seconds: score.reverbSeconds, seed: score.seed)
        let convolver = Reverb.Convolver(response)
        let wetGain = Float(score.reverbMix), dryGain = 1 - Float(score.reverbMix) * 0.5
        var master = Fold(
            loop: score.loop, body: body, length: length, fadeIn: Int(score.fadeIn * Voices.sampleRate), fadeOut: Int(score.fadeOut * Voices.sampleRate),
            tail: frames + response.left.count - 1 - body)

        var start = 0
        while start < frames {
            let end = min(frames, start + convolver.block)
            // The notes that start before the block's end, made in parallel.
            let due = voices.indices.flatMap { voice in voices[voice].due(before: end).map { (voice, $0) } }
            let current = voices
            let made = Parallel.map(due.count, jobs: threads) { current[due[$0].0].make(due[$0].1) }
            for ((voice, index), samples) in zip(due, made) { voices[voice].begin(index, samples) }

            var block = StereoBuffer(frames: end - start)
            voices[0].add(to: &block, from: start) { note, _ in (note.pan * 0.5, TrackSynthesis.pianoGain) }
            Sine.table.withUnsafeBufferPointer { table in
                for n in start..<end {
                    // A whole number of cycles in the body, so the loop's seam does not jump.
                    let s = Sine.of(UInt32((UInt64(cycles * n % body) << 32) / UInt64(body)), table)
                    block.left[n - start] *= Float(1 - TrackSynthesis.tremoloDepth * (0.5 + 0.5 * s))
                    block.right[n - start] *= Float(1 - TrackSynthesis.tremoloDepth * (0.5 - 0.5 * s))
                }
            }
            var mix = StereoBuffer(frames: end - start)
            mix.add(block, gain: Float(score.levels.piano))
            voices[1].add(to: &mix, from: start) { _, _ in (-0.05, TrackSynthesis.bassGain * score.levels.bass) }
            voices[2].add(to: &mix, from: start) { _, i in (i % 3 == 0 ? 0.25 : 0.35, TrackSynthesis.brushGain * score.levels.brushes) }
            var room = convolver.push(mix, threads: threads)
            for i in 0..<room.frames {
                room.left[i] *= wetGain
                room.right[i] *= wetGain
            }
            room.add(mix, gain: dryGain)
            master.take(room, at: start, emit)
            start = end
        }
        var tail = convolver.finish()
        for i in 0..<tail.frames {
            tail.left[i] *= wetGain
            tail.right[i] *= wetGain
        }
        master.take(tail, at: frames, emit)
        master.finish(emit)
    }

    /// One voice's notes, made in arrangement order once a block needs them (every
    /// note starting before the block's end), each by the voice's pure function of the
    /// note and its place, and let go once a block passes its end.
    struct NoteStream {
        let notes: [Note]
        let render: @Sendable (Note, Int) -> [Float]
        /// The earliest start of the notes from each index on: which notes a block needs.
        let earliest: [Int]
        var next = 0
        var sounding: [(index: Int, offset: Int, samples: [Float])] = []

        init(_ notes: [Note], render: @escaping @Sendable (Note, Int) -> [Float]) {
            (self.notes, self.render) = (notes, render)
            var earliest = [Int](repeating: .max, count: notes.count + 1)
            for i in notes.indices.reversed() { earliest[i] = min(earliest[i + 1], Int(notes[i].start * Voices.sampleRate)) }
            self.earliest = earliest
        }

        /// The notes not yet made that a block ending at `end` needs.
        func due(before end: Int) -> Range<Int> {
            var last = next
            while last < notes.count && earliest[last] < end { last += 1 }
            return next..<last
        }

        func make(_ index: Int) -> [Float] { render(notes[index], index) }

        /// Takes note `index`'s samples (the next due).
        mutating func begin(_ index: Int, _ samples: [Float]) {
            precondition(index == next)
            sounding.append((index, Int(notes[index].start * Voices.sampleRate), samples))
            next += 1
        }

        /// Adds the notes sounding in `buffer`, which starts at frame `start`, in
        /// arrangement order; `placement` gives a note's pan and gain.
        mutating func add(to buffer: inout StereoBuffer, from start: Int, placement: (Note, Int) -> (pan: Double, gain: Double)) {
            let end = start + buffer.frames
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
