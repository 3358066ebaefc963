import BijouxShared

/// The contact sheet's style and its small script, inline in the page so it works
/// offline from a file. Colours come from the palette (`colors`); the glow from
/// `CharmGlow`, in the accent.
enum SheetStyle {
    /// The palette's colours the page uses: the paper, the ink, and the accent (camel
    /// in the sample art), which is the glow and the tint.
    static func colors(_ palette: Palette) -> [(label: String, color: PaletteColor.Components)] {
        [("paper", palette.paper), ("ink", palette.ink), ("accent", palette.accentColor)]
    }

    static func css(_ palette: Palette) -> String {
        let paper = HTML.color(palette.paper), ink = HTML.color(palette.ink), camel = HTML.color(palette.accentColor)
        return """
            :root { --paper: \(paper); --ink: \(ink); --camel: \(camel); --glow: \(HTML.color(palette.accentColor, opacity: CharmGlow.opacity)); \
            --glow-radius: \(HTML.number(CharmGlow.radiusPoints)); --ground: var(--paper); --ground-ink: var(--ink); --pt: 1; }
            html[data-ground="light"] { --ground: \(ink); --ground-ink: \(paper); }
            html[data-ground="checkerboard"] { --ground: repeating-conic-gradient(#5C5853 0% 25%, #7A756F 0% 50%) 0 0 / 16px 16px; }
            * { box-sizing: border-box; }
            body { margin: 0; background: #0B0A09; color: var(--ink); font: 14px/1.45 -apple-system, "Helvetica Neue", Helvetica, Arial, sans-serif; }
            header.top { padding: 20px 28px 8px; border-bottom: 1px solid #2A2622; }
            h1 { font-size: 22px; margin: 0 0 6px; } h2 { font-size: 18px; margin: 28px 0 12px; } h3 { font-size: 15px; margin: 0; display: inline; }
            a { color: var(--camel); } code { color: #A89F93; font-size: 12px; }
            nav a { margin-right: 14px; }
            .summary .warn { color: #FF9F5A; } .summary .ok { color: #9FD39F; } .other-warning { color: #FF9F5A; }
            .controls { margin: 10px 0; } .controls button { background: #2A2622; color: var(--ink); border: 1px solid #4A443D; border-radius: 6px; padding: \
            5px 10px; margin-right: 8px; cursor: pointer; }
            .controls button[aria-pressed="true"], html[data-outlines="on"] button[data-toggle="outlines"] { border-color: var(--camel); \
            color: var(--camel); }
            .legend { max-width: 900px; color: #C9C0B3; }
            main { padding: 0 28px 40px; }
            .cards { display: flex; flex-wrap: wrap; gap: 14px; }
            .card { background: #1F1C19; border: 1px solid #2F2A25; border-radius: 10px; padding: 12px 14px; width: 560px; }
            .card[data-warnings] { border: 2px solid #FF9F5A; box-shadow: 0 0 0 3px rgba(255, 159, 90, 0.18); }
            .badge { background: #FF9F5A; color: #1A1000; border-radius: 9px; padding: 1px 8px; font-size: 12px; font-weight: 600; }
            .badge.wide { background: #7FD1AE; color: #00180E; }
            .colour { font-size: 13px; margin: 4px 0; }
            .note { margin: 4px 0 8px; color: #C9C0B3; font-style: italic; }
            .scales, .readings { display: flex; flex-wrap: wrap; gap: 10px; align-items: flex-end; }
            figure { margin: 0; } figcaption { font-size: 12px; color: #A89F93; max-width: 240px; }
            .reading figcaption { max-width: 250px; } .reading[data-grade="fades"] figcaption b { color: #FF9F5A; }
            .well { position: relative; display: inline-flex; gap: 8px; align-items: flex-end; background: var(--ground); padding: 8px; border-radius: 6px; }
            .well.wallpaper { background: linear-gradient(160deg, #6E7686, #3F4450); }
            .well .painted { position: absolute; display: none; border: 1px dotted #7FE3FF; margin: 8px; }
            .art { filter: drop-shadow(0 0 calc(var(--glow-radius) * var(--pt) * 1px) var(--glow)); }
            .pixelated { image-rendering: pixelated; }
            .icon-art { filter: none; }
            html[data-ground="light"] .icon-art { filter: brightness(0.12); }
            html[data-outlines="on"] .well img, html[data-outlines="on"] .surface img { outline: 1px dashed #7FE3FF; }
            html[data-outlines="on"] .well .painted { display: block; }
            .safe-zone { position: absolute; left: 8px; top: 8px; display: none; }
            html[data-outlines="on"] .safe-zone { display: block; }

            """ + viewsCSS
    }

    /// The style of the app's surfaces and the icons' views (`SheetViews`).
    static let viewsCSS = """
        .view { margin: 0 0 18px; } .view > p { margin: 4px 0 8px; color: #C9C0B3; max-width: 900px; }
        .surface { position: relative; overflow: hidden; margin-bottom: 10px; }
        .surface > svg { position: absolute; left: 0; top: 0; }
        .surface .hang { position: absolute; left: calc(var(--x) * var(--pt) * 1px); top: calc(var(--y) * var(--pt) * 1px); width: calc(var(--w) * \
        var(--pt) * 1px); height: calc(var(--w) * \(HTML.number(CharmArt.aspect)) * var(--pt) * 1px); }
        .surface .name { position: absolute; left: calc(var(--x) * var(--pt) * 1px); top: calc(var(--y) * var(--pt) * 1px); width: calc(var(--w) * \
        var(--pt) * 1px); text-align: center; white-space: nowrap; overflow: hidden; color: var(--ink); font-weight: 500; font-size: calc(var(--size) * \
        var(--pt) * 1px); }
        .surface .name[data-overflows] { color: #FF6A5A; }
        [data-too-wide] { color: #FF6A5A; text-decoration: underline wavy #FF6A5A; } [data-fallback] { opacity: 0.65; font-style: italic; }
        .controls select { background: #2A2622; color: var(--ink); border: 1px solid #4A443D; border-radius: 6px; padding: 4px 8px; margin-left: 4px; }
        .island { background: #000; }
        .tray { background: var(--paper); }
        .surface.dish { overflow: visible; margin: 24px 30px; background: radial-gradient(ellipse at center, #26221E 0%, var(--paper) 70%); border-radius: \
        50%; }
        .strip { display: flex; flex-wrap: wrap; gap: 18px; align-items: center; background: var(--paper); padding: 14px; border-radius: 8px; \
        margin-bottom: 8px; max-width: 900px; }
        .icon-forms .strip { background: var(--ground); }
        .symbol-line { color: var(--ground-ink); align-items: baseline; } .symbol-line .caption { font-size: 12px; color: #A89F93; width: 60px; }
        .home { display: flex; gap: 18px; flex-wrap: wrap; }
        .phone { width: 220px; padding: 18px; border-radius: 28px; background: linear-gradient(160deg, #6E7686, #3F4450); display: grid; \
        grid-template-columns: repeat(3, 60px); gap: 14px 10px; justify-content: center; }
        .phone.dark { background: linear-gradient(160deg, #1C1D22, #07070A); }
        .phone .slot { width: 60px; height: 60px; border-radius: 14px; background: rgba(255, 255, 255, 0.16); }
        .phone figcaption { grid-column: 1 / -1; text-align: center; color: #E8E8EA; }
        img.broken { outline: 2px solid #FF3B30; }
        .swatches { display: flex; flex-wrap: wrap; gap: 12px; }
        .swatch { display: block; width: 104px; height: 64px; border-radius: 8px; border: 1px solid #4A443D; background: linear-gradient(var(--swatch), \
        var(--swatch)), repeating-conic-gradient(#8A8580 0% 25%, #C9C4BE 0% 50%) 0 0 / 16px 16px; }

        """

    /// The page's script: `controls`, `languages`, then `loading`, in one function.
    static var script: String {
        "(function () {\n  var root = document.documentElement;\n" + controls + languages + loading
    }

    /// The toggles and the background switch, remembered across reloads.
    static let controls = """
          ['ground', 'outlines'].forEach(function (key) {
            try { var saved = localStorage.getItem('bijoux-' + key); if (saved) root.dataset[key] = saved; } catch (e) {}
          });
          var grounds = document.querySelectorAll('button[data-ground]');
          function ground(value) {
            root.dataset.ground = value;
            grounds.forEach(function (button) { button.setAttribute('aria-pressed', button.dataset.ground === value ? 'true' : 'false'); });
          }
          ground(root.dataset.ground);
          grounds.forEach(function (button) {
            button.addEventListener('click', function () {
              ground(button.dataset.ground);
              try { localStorage.setItem('bijoux-ground', button.dataset.ground); } catch (e) {}
            });
          });
          document.querySelectorAll('button[data-toggle]').forEach(function (button) {
            button.addEventListener('click', function () {
              var key = button.dataset.toggle;
              root.dataset[key] = root.dataset[key] === button.dataset.on ? button.dataset.off : button.dataset.on;
              try { localStorage.setItem('bijoux-' + key, root.dataset[key]); } catch (e) {}
            });
          });

        """

    /// Names shrunk to fit as the island's minimum scale factor allows, and the language
    /// switch (remembered too, or chosen by `?lang=<code>` in the address).
    static var languages: String {
        """
          function fit() {
            document.querySelectorAll('[data-fit]').forEach(function (name) {
              name.style.fontSize = '';
              delete name.dataset.overflows;
              var least = parseFloat(name.dataset.fit), base = parseFloat(getComputedStyle(name).fontSize), scale = 1;
              while (name.scrollWidth > name.clientWidth && scale > least) {
                scale = Math.max(least, scale - 0.02);
                name.style.fontSize = (base * scale) + 'px';
              }
              if (name.scrollWidth > name.clientWidth) name.dataset.overflows = 'true';
            });
          }
          var data = document.getElementById('bijoux-languages'), chooser = document.querySelector('select[data-language]');
          if (data && chooser) {
            var languages = JSON.parse(data.textContent), texts = document.querySelectorAll('[data-text-key]'), alts = \
        document.querySelectorAll('[data-alt-key]');
            texts.forEach(function (element) { element.dataset.source = element.textContent; });
            alts.forEach(function (element) { element.dataset.sourceAlt = element.alt; });
            var show = function (code) {
              var language = languages[code];
              if (!language) return false;
              root.dataset.language = code;
              if (code !== '\(DoubleLength.code)') root.lang = code;
              chooser.value = code;
              texts.forEach(function (element) {
                var key = element.dataset.textKey, text = language.texts[key], wide = language.tooWide[key];
                element.textContent = text === undefined ? element.dataset.source : text;
                if (wide) { element.dataset.tooWide = 'true'; element.title = wide; } else { delete element.dataset.tooWide; element.removeAttribute('title'); }
                if (language.fallback.indexOf(key) >= 0) {
                  element.dataset.fallback = 'true';
                  if (!wide) element.title = "no translation: the app shows the source language's text";
                } else {
                  delete element.dataset.fallback;
                }
              });
              alts.forEach(function (element) {
                var text = language.texts[element.dataset.altKey];
                element.alt = text === undefined ? element.dataset.sourceAlt : text;
              });
              fit();
              return true;
            };
            chooser.addEventListener('change', function () {
              show(chooser.value);
              try { localStorage.setItem('bijoux-language', chooser.value); } catch (e) {}
            });
            var saved = null;
            try { saved = localStorage.getItem('bijoux-language'); } catch (e) {}
            if (!show(new URLSearchParams(location.search).get('lang')) && !show(saved)) show(chooser.options[0].value);
          } else {
            fit();
          }

        """
    }

    /// Broken-image marks and, when served by `watch --serve`, a reload after each
    /// rebuild that keeps the scroll position.
    static var loading: String {
        """
          window.addEventListener('load', function () {
            var images = Array.prototype.slice.call(document.images), loaded = 0;
            images.forEach(function (image) {
              if (image.naturalWidth > 0) { loaded += 1; return; }
              image.classList.add('broken');
              var holder = image.closest('[data-asset], [data-view]');
              if (holder) holder.dataset.broken = 'true';
            });
            root.dataset.images = loaded + '/' + images.length;
          });
          if (location.protocol === 'http:') {
            var place = 'bijoux-scroll', stamp = null;
            window.addEventListener('load', function () {
              var y = sessionStorage.getItem(place);
              if (y !== null) { sessionStorage.removeItem(place); window.scrollTo(0, parseFloat(y)); }
            });
            setInterval(function () {
              fetch('\(PreviewServer.stampPath)', { cache: 'no-store' }).then(function (r) { return r.text(); }).then(function (text) {
                if (stamp !== null && text !== stamp) { sessionStorage.setItem(place, String(window.scrollY)); location.reload(); }
                stamp = text;
              }).catch(function () {});
            }, \(PreviewServer.pollMilliseconds));
          }
        })();

        """
    }
}
