/// The review page's style and its small script, inline so the page works offline from
/// one file: system fonts only, no request. The script is the flip control (after laid
/// over before, a slider fading between them), the background switch, and a mark on
/// images that did not load.
enum ReviewPageStyle {
    static let css = """
        :root { --well: repeating-conic-gradient(#8A8A8A 0% 25%, #A8A8A8 0% 50%) 0 0 / 16px 16px; }
        html[data-ground="dark"] { --well: #161514; } html[data-ground="light"] { --well: #FFFFFF; }
        * { box-sizing: border-box; }
        body { margin: 0; background: #F4F3F1; color: #222; font: 14px/1.4 -apple-system, system-ui, "Helvetica Neue", Arial, sans-serif; }
        header.summary { padding: 18px 28px 10px; background: #FFF; border-bottom: 1px solid #DDD; }
        h1 { font-size: 20px; margin: 0 0 6px; } h2 { font-size: 15px; margin: 0 0 10px; } h3 { font-size: 13px; margin: 0 0 4px; font-weight: 500; }
        code { font: 12px/1.4 ui-monospace, Menlo, Consolas, monospace; word-break: break-all; }
        .counts .count { font-weight: 600; } .count.changed, .count.added, .count.removed { color: #B3261E; } .count.within-tolerance { color: #7A5B00; }
        .count.not-counted { color: #666; }
        .verdict.fails { color: #B3261E; font-weight: 600; } .verdict.passes { color: #1E7A34; font-weight: 600; }
        .nothing { color: #1E7A34; font-weight: 600; }
        .accept code { background: #F0EEEA; padding: 2px 6px; border-radius: 4px; }
        .legend { color: #555; max-width: 900px; } .red { color: #F00; } .orange { color: #E69500; }
        main { padding: 8px 28px 40px; }
        .group { margin: 18px 0; padding: 12px 14px; background: #FFF; border: 1px solid #DDD; border-left: 5px solid #2E9E4F; border-radius: 8px; }
        .group.fails { border-left-color: #D93025; } .group.not-counted { border-left-color: #999; }
        .line { color: #666; font-weight: normal; }
        .badge { display: inline-block; border-radius: 9px; padding: 0 8px; color: #FFF; background: #888;
                 font: 600 11px/18px -apple-system, system-ui, sans-serif; }
        .badge.fails, .badge.changed, .badge.added, .badge.removed { background: #D93025; } .badge.passes, .badge.within-tolerance { background: #C88A00; }
        .grounds button, .flip button { font: inherit; padding: 3px 10px; border: 1px solid #BBB; border-radius: 5px; background: #FFF; cursor: pointer; }
        .grounds button[aria-pressed="true"] { border-color: #222; font-weight: 600; }
        .drawn { margin: 0 0 10px; } h4 { font-size: 12px; margin: 6px 0 4px; font-weight: 600; } details.code summary { cursor: pointer; color: #555; }
        .changes { display: flex; flex-wrap: wrap; gap: 14px; align-items: flex-start; }
        .change { border: 1px solid #E3E1DD; border-radius: 6px; padding: 8px 10px; max-width: 100%; background: #FCFCFB; }
        .change.text, .change.audio, .change.other { flex: 1 1 100%; }
        .change.image { min-width: 320px; }
        .change.image > h3, .change.image > p, .change.image > .facts { width: 0; min-width: 100%; }
        .line-summary { margin: 2px 0 8px; color: #444; } .reason { color: #B3261E; }
        .images, .pair { display: flex; flex-wrap: wrap; gap: 10px; align-items: flex-start; }
        figure { margin: 0; } figcaption { font-size: 12px; color: #555; text-align: center; }
        .well { display: inline-block; line-height: 0; border: 1px solid #CCC; background: var(--well); }
        img.enlarged { image-rendering: pixelated; } img.broken { outline: 2px solid #F00; }
        .flipping .pair { display: grid; } .flipping .pair > figure { grid-area: 1 / 1; }
        .flipping .pair > figure.after { opacity: var(--mix, 1); } .flipping .pair > figure.after figcaption { visibility: hidden; }
        .flip { margin: 6px 0; font-size: 12px; } .flip input { vertical-align: middle; }
        .flip button[aria-pressed="true"] { border-color: #D93025; color: #D93025; }
        .facts { display: grid; grid-template-columns: max-content auto; gap: 2px 10px; margin: 8px 0 0; font-size: 12px; max-width: 640px; }
        .facts dt { color: #666; } .facts dd { margin: 0; }
        pre.diff { margin: 0; padding: 6px 0; background: #F6F6F4; overflow-x: auto; font: 12px/1.4 ui-monospace, Menlo, Consolas, monospace; }
        pre.diff span { display: block; min-height: 1.4em; padding: 0 8px; white-space: pre; }
        pre.diff .del { background: #FDE2E1; color: #8E1B12; } pre.diff .add { background: #DDF4E2; color: #14532D; }
        pre.diff .hunk { color: #6A4FB3; } pre.diff .more { color: #777; font-style: italic; }
        table.audio { border-collapse: collapse; font-size: 13px; } table.audio th, table.audio td { padding: 2px 12px 2px 0; text-align: left; }
        table.audio td { font-variant-numeric: tabular-nums; }

        """

    /// Flip: the button stacks after on before and enables the slider, which sets
    /// after's opacity. The background switch sets `data-ground` on the root. After the
    /// load event, `data-images="loaded/all"` on the root, and a `broken` class on an
    /// image that did not decode.
    static let script = """
        (function () {
          document.querySelectorAll('[data-flip]').forEach(function (button) {
            var change = button.closest('.comparison'), mix = change.querySelector('[data-mix]');
            button.addEventListener('click', function () {
              var on = change.classList.toggle('flipping');
              button.setAttribute('aria-pressed', on ? 'true' : 'false');
              mix.disabled = !on;
            });
            mix.addEventListener('input', function () { change.style.setProperty('--mix', String(mix.value / 100)); });
          });
          var grounds = document.querySelectorAll('button[data-ground]');
          grounds.forEach(function (button) {
            button.addEventListener('click', function () {
              document.documentElement.dataset.ground = button.dataset.ground;
              grounds.forEach(function (other) { other.setAttribute('aria-pressed', other === button ? 'true' : 'false'); });
            });
          });
          window.addEventListener('load', function () {
            var images = Array.prototype.slice.call(document.images), loaded = 0;
            images.forEach(function (image) {
              if (image.complete && image.naturalWidth > 0) loaded += 1; else image.classList.add('broken');
            });
            document.documentElement.dataset.images = loaded + '/' + images.length;
          });
        })();

        """
}
