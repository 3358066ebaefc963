#if canImport(SwiftUI)
    import SwiftUI

    /// The gold thread as a SwiftUI `Shape`, for surfaces without a Canvas (WidgetKit,
    /// the Dynamic Island): the polyline through exactly `GoldThread.points(spacing:)`,
    /// for the rectangle it is laid out in. Stroke it:
    ///
    ///     GoldThreadShape(topFraction: 0.3, controlDrop: 40)
    ///         .stroke(gold, style: StrokeStyle(lineWidth: 2, lineCap: .round, lineJoin: .round))
    public struct GoldThreadShape: Shape {
        /// `GoldThread.topFraction`: the ends' height, as a fraction of the rectangle's.
        public var topFraction: Double
        /// `GoldThread.controlDrop`, in points.
        public var controlDrop: Double
        /// `GoldThread.stretch`.
        public var stretch: Double
        /// Points between the polyline's samples (`GoldThread.points(spacing:)`).
        public var spacing: Double

        /// The shape of the thread with these parameters, laid out in any rectangle.
        public init(topFraction: Double, controlDrop: Double, stretch: Double = 1, spacing: Double = 1) {
            self.topFraction = topFraction
            self.controlDrop = controlDrop
            self.stretch = stretch
            self.spacing = spacing
        }

        /// The thread this shape draws in `rect` (in the rectangle's own coordinates).
        public func thread(in rect: CGRect) -> GoldThread {
            GoldThread(
                width: Double(rect.width), height: Double(rect.height), topFraction: topFraction,
                controlDrop: controlDrop, stretch: stretch)
        }

        /// The polyline through the thread's points in `rect`.
        public func path(in rect: CGRect) -> Path {
            var path = Path()
            guard rect.width > 0 else { return path }
            let points = thread(in: rect).points(spacing: spacing).map {
                CGPoint(x: rect.minX + CGFloat($0.x), y: rect.minY + CGFloat($0.y))
            }
            path.addLines(points)
            return path
        }
    }
#endif
