import CLCMS2

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The memory Little CMS may hold for one embedded profile: a context of its own whose
/// allocator (a memory plug-in, `cmsPluginMemHandler`) counts the bytes held and refuses
/// an allocation that would take them past `budget`. Little CMS allocates what a tag
/// declares before it reads the tag's data (a `lut16Type` colour table of 255³ grid
/// points and 15 outputs is 497 MB, declared in a few bytes), in a dozen tag readers
/// (the `mft1`, `mft2`, `mAB `, `mBA ` and `mpet` tables, sampled curves, position
/// tables), so one cap on what the context holds bounds them all, where a walk of the
/// tags' headers would repeat each reader's arithmetic. A refused allocation takes the
/// path Little CMS's own cap (512 MiB for one block) takes: the read fails and the
/// profile is refused.
///
/// Blocks are plain `malloc` blocks, listed by address, so one freed through another
/// context (Little CMS frees an object through the context recorded in it) is freed
/// all the same.
final class ProfileMemory: Sendable {
    /// The most bytes Little CMS may hold for one profile, its tags and its transform:
    /// 16 times the largest profile `ICCStructure` lets through (1 MiB), where an 8-bit
    /// table read as 16 bits doubles.
    static let budget = 16 << 20

    /// The context, which keeps the ledger its allocator writes to.
    private let handle: LittleCMSHandle
    private let ledger: Ledger

    var context: cmsContext { OpaquePointer(handle.pointer) }

    /// A new context, or nil when Little CMS cannot make one.
    init?() {
        let ledger = Ledger()
        guard let context = cmsCreateContext(ProfileMemory.plugin.pointer, Unmanaged.passUnretained(ledger).toOpaque()) else { return nil }
        self.ledger = ledger
        handle = LittleCMSHandle(UnsafeMutableRawPointer(context), .context, keeps: ledger)
    }

    /// Whether an allocation was refused for going past the budget.
    var overBudget: Bool { ledger.state.value.refused }

    /// The most bytes held at once so far (for tests).
    var peak: Int { ledger.state.value.peak }

    /// The blocks a context holds, by address, and their sizes added up.
    private final class Ledger: Sendable {
        struct State {
            var sizes: [UInt: Int] = [:]
            var held = 0
            var peak = 0
            var refused = false
        }
        let state = Locked(State())

        /// The ledger of `context`; nil while Little CMS makes the context (it allocates
        /// it before the ledger is attached) and for any other context.
        static func of(_ context: cmsContext?) -> Ledger? {
            cmsGetContextUserData(context).map { Unmanaged<Ledger>.fromOpaque($0).takeUnretainedValue() }
        }

        /// `block`, `size` bytes, taking the place of `old` (nil for a new block) if the
        /// budget holds them; otherwise nothing is allocated and `old` stays.
        func replace(_ old: UnsafeMutableRawPointer?, size: Int, with allocate: () -> UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
            state.withLock { state in
                let previous = old.flatMap { state.sizes[UInt(bitPattern: $0)] } ?? 0
                guard state.held - previous + size <= ProfileMemory.budget else {
                    state.refused = true
                    return nil
                }
                guard let block = allocate() else { return nil }
                if let old { state.sizes[UInt(bitPattern: old)] = nil }
                state.sizes[UInt(bitPattern: block)] = size
                state.held += size - previous
                state.peak = max(state.peak, state.held)
                return block
            }
        }

        func free(_ block: UnsafeMutableRawPointer) {
            state.withLock { state in
                if let size = state.sizes.removeValue(forKey: UInt(bitPattern: block)) { state.held -= size }
            }
        }
    }

    /// The plug-in, made once; Little CMS copies its functions into each context.
    private struct Plugin: @unchecked Sendable {
        let pointer: UnsafeMutablePointer<cmsPluginMemHandler>
    }

    private static let plugin: Plugin = {
        // The version the plug-in interface is expected from: 2.0, where it has been the same since.
        let base = cmsPluginBase(Magic: cmsUInt32Number(cmsPluginMagicNumber), ExpectedVersion: 2000, Type: cmsUInt32Number(cmsPluginMemHandlerSig), Next: nil)
        let handler = cmsPluginMemHandler(
            base: base,
            MallocPtr: { context, size in
                guard let ledger = Ledger.of(context) else { return malloc(Int(size)) }
                return ledger.replace(nil, size: Int(size)) { malloc(Int(size)) }
            },
            FreePtr: { context, block in
                guard let block else { return }
                Ledger.of(context)?.free(block)
                free(block)
            },
            ReallocPtr: { context, block, size in
                guard let ledger = Ledger.of(context) else { return realloc(block, Int(size)) }
                return ledger.replace(block, size: Int(size)) { realloc(block, Int(size)) }
            },
            MallocZeroPtr: nil, CallocPtr: nil, DupPtr: nil)
        let pointer = UnsafeMutablePointer<cmsPluginMemHandler>.allocate(capacity: 1)
        pointer.initialize(to: handler)
        return Plugin(pointer: pointer)
    }()
}
