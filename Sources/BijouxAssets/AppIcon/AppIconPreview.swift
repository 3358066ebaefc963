import BijouxCore
import BijouxShared
import CCairo

/// Pictures for people: the icon as the home screen shows it, and its geometry.
enum AppIconPreview {
    /// A mid-grey wallpaper, what the clear look of the Icon Composer document lets through.
    static let wallpaper = RGBA(0x5E, 0x63, 0x6B, 255)
    /// The home-screen size the icon is read at, and the scale of the preview render.
    static let homeScreenPoints = 60
    static let homeScreenScale = 3

    /// A stand-in for the backdrop the system draws behind the dark icon: a dark
    /// grey gradient, lighter at the top (iOS does not document its exact colours).
    static let darkBackdropTop = RGBA(0x3A, 0x3A, 0x3C, 255)
    static let darkBackdropBottom = RGBA(0x16, 0x16, 0x18, 255)
    /// The tint the preview applies to the tinted icon, as if the person had picked
    /// a warm gold; the system maps luminance 0 to a very dark shade of the tint and
    /// 1 to the tint (an approximation of iOS's tinted mode, to judge contrast).
    static let sampleTint = RGBA(0xE8, 0xB0, 0x5C, 255)

    /// A variant as the home screen shows it: composed as the system does (see
    /// `asShown`), reduced to 60 pt @3x (180 px) and masked.
    static func homeScreen(_ render: AppIconRender) -> RGBAImage { homeScreen(shown: asShown(render)) }

    /// A picture as the system composes it before masking, reduced to 60 pt @3x and
    /// masked: the appiconset's variants and the Icon Composer document's looks alike.
    static func homeScreen(shown: RGBAImage) -> RGBAImage {
        let small = homeScreenPoints * homeScreenScale
        return masked(Resample.resize(shown, width: small, height: small))
    }

    /// What a variant's home-screen picture approximates, for its label.
    static func approximation(_ variant: AppIconParameters.Variant) -> String? {
        switch variant {
        case .default: nil
        case .dark: "iOS draws the dark icon over a backdrop it does not document; this one is a dark grey gradient."
        case .tinted: "iOS tints by luminance with the colour the person picks; this one uses a warm gold."
        }
    }

    /// A variant as the system composes it before masking: the default as is, the
    /// dark one over the system's backdrop, the tinted one coloured by luminance.
    static func asShown(_ render: AppIconRender) -> RGBAImage {
        switch render.variant {
        case .default: render.image
        case .dark: overDarkBackdrop(render.image)
        case .tinted: tinted(render.image)
        }
    }

    /// The image over the stand-in for the system's dark backdrop.
    static func overDarkBackdrop(_ image: RGBAImage) -> RGBAImage {
        var backdrop = RGBAImage(width: image.width, height: image.height)
        for y in 0..<image.height {
            let f = Double(y) / Double(max(1, image.height - 1))
            let row = RGBA(
                mix(darkBackdropTop.r, darkBackdropBottom.r, f), mix(darkBackdropTop.g, darkBackdropBottom.g, f),
                mix(darkBackdropTop.b, darkBackdropBottom.b, f), 255)
            for x in 0..<image.width { backdrop[x, y] = row }
        }
        Compositing.draw(image, over: &backdrop, x: 0, y: 0)
        return backdrop
    }

    /// A grey image coloured by its level with the sample tint.
    static func tinted(_ image: RGBAImage) -> RGBAImage {
        let dark = RGBA(sampleTint.r / 8, sampleTint.g / 8, sampleTint.b / 8, 255)
        return image.mapPixels { pixel in
            let level = Double(pixel.r) / 255
            return RGBA(mix(dark.r, sampleTint.r, level), mix(dark.g, sampleTint.g, level), mix(dark.b, sampleTint.b, level), pixel.a)
        }
    }

    static func mix(_ a: UInt8, _ b: UInt8, _ f: Double) -> UInt8 {
        UInt8((Double(a) + (Double(b) - Double(a)) * f).rounded())
    }

    /// The image clipped to the icon mask at its own size (antialiased by cairo).
    static func masked(_ image: RGBAImage) -> RGBAImage {
        let coverage = CairoSurface(width: image.width, height: image.height, format: .a8)
        coverage.draw { cr in
            IconMask.shape(side: Double(image.width)).addPath(to: cr)
            cairo_fill(cr)
        }
        let alpha = coverage.coverage()
        var out = image
        out.withMutablePixels { p in
            for i in 0..<alpha.count {
                let a = Alpha.premultiply(p[i, .alpha], alpha[i])
                p[rgba: i] = a == 0 ? RGBA(0, 0, 0, 0) : RGBA(p[i, .red], p[i, .green], p[i, .blue], a)
            }
        }
        return out
    }

    /// The default variant at 1024 px with its geometry drawn over it: outside the
    /// mask dimmed, the mask's outline (cyan), the safe zone (dashed orange), the
    /// 21 % line the charm must stay above (dashed red), the base curve the charm
    /// hangs from (dotted white), the charm's box and the ring's top (white).
    static func safeZone(_ render: AppIconRender, layout: AppIconLayout) -> RGBAImage {
        let side = Double(layout.side)
        let canvas = CairoSurface(render.image)
        let mask = IconMask.shape(side: side)
        canvas.draw { cr in
            cairo_rectangle(cr, 0, 0, side, side)
            mask.addPath(to: cr)
            cairo_set_fill_rule(cr, CAIRO_FILL_RULE_EVEN_ODD)
            cairo_set_source_rgba(cr, 0, 0, 0, 0.6)
            cairo_fill(cr)

            cairo_set_line_width(cr, 3)
            mask.addPath(to: cr)
            cairo_set_source_rgba(cr, 0.35, 0.85, 1, 0.95)
            cairo_stroke(cr)

            var dash = [14.0, 10.0]
            cairo_set_dash(cr, &dash, 2, 0)
            IconMask.safeZone(side: side).addPath(to: cr)
            cairo_set_source_rgba(cr, 1, 0.6, 0.15, 0.95)
            cairo_stroke(cr)

            let limitY = side * (1 - SafeZone.minimumBottomMargin)
            cairo_move_to(cr, 0, limitY)
            cairo_line_to(cr, side, limitY)
            cairo_set_source_rgba(cr, 1, 0.25, 0.25, 0.95)
            cairo_stroke(cr)

            var dots = [2.0, 8.0]
            cairo_set_dash(cr, &dots, 2, 0)
            cairo_set_line_width(cr, 2)
            cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
            let base = layout.samples.map(\.base)
            cairo_move_to(cr, base[0].x, base[0].y)
            for point in base.dropFirst() { cairo_line_to(cr, point.x, point.y) }
            cairo_set_source_rgba(cr, 1, 1, 1, 0.8)
            cairo_stroke(cr)

            cairo_set_dash(cr, nil, 0, 0)
            let box = layout.charmBox
            cairo_rectangle(cr, Double(box.x), Double(box.y), Double(box.width), Double(box.height))
            cairo_set_source_rgba(cr, 1, 1, 1, 0.5)
            cairo_stroke(cr)
            let top = layout.ringTop
            cairo_move_to(cr, top.x - 14, top.y)
            cairo_line_to(cr, top.x + 14, top.y)
            cairo_move_to(cr, top.x, top.y - 14)
            cairo_line_to(cr, top.x, top.y + 14)
            cairo_set_source_rgba(cr, 1, 1, 1, 0.95)
            cairo_stroke(cr)
        }
        return canvas.image()
    }
}
