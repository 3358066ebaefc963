import CLCMS2

/// A Little CMS context, profile or transform the tool owns, released when its last
/// holder lets go, and what must outlive it (`keeps`: the memory context a profile was
/// made in, the ledger a context's allocator writes to), kept until then.
///
/// The compiler sees a raw pointer, so it cannot know the object may be shared; it may:
/// none is changed once made, Little CMS reads a profile from any number of threads, a
/// context's allocator locks its own ledger, and
/// a transform made with `cmsFLAGS_NOCACHE` (every one the tool makes) keeps no state
/// between calls, so `cmsDoTransform` runs on many threads at once.
final class LittleCMSHandle: @unchecked Sendable {
    enum Kind {
        case context, profile, transform
    }

    let pointer: UnsafeMutableRawPointer
    private let kind: Kind
    private let keeps: (any AnyObject & Sendable)?

    init(_ pointer: UnsafeMutableRawPointer, _ kind: Kind, keeps: (any AnyObject & Sendable)? = nil) {
        (self.pointer, self.kind, self.keeps) = (pointer, kind, keeps)
    }

    deinit {
        switch kind {
        case .context: cmsDeleteContext(OpaquePointer(pointer))
        case .profile: cmsCloseProfile(pointer)
        case .transform: cmsDeleteTransform(pointer)
        }
    }
}
