/// The search page's script (`site/search.js`): reads the years' indexes
/// (`SearchIndex`), the page's state from the URL fragment
/// (`SearchQuery`), and shows the entries that match, 50 at a time.
///
/// Matching. The words searched for are split at spaces; an entry matches
/// when every word is found in one of its fields. Letters are compared in
/// NFC and lower case, with spaces taken out of both sides (`헤어질결심`
/// finds `헤어질 결심`). A word of Korean initial consonants finds them in
/// titles, credits and companions (`ㅎㅇㅈ` finds `헤어질 결심`), and so
/// does a word whose last syllable is still being typed (`헤어지` and
/// `헤엊`, on the way to `헤어질`). A date is found as `2022`, `2022-08`,
/// `2022.8.27`, `2022년 8월`, `8월` or `27일`; a kind by its name.
///
/// Ranking ("알맞은 순", the default with words): each word scores its
/// best field, and the entry the sum: the title whole 100, its start 70,
/// inside it 50 (by initials or a syllable being typed: 45 at the start,
/// 35 inside), each plus up to 20 for how much of the title the word
/// covers (`헤어질` ranks `헤어질 결심` above `헤어질 결심 · 영화제`);
/// a companion or the director or author whole 40, inside 30, by
/// initials 20; the kind's name 25; the date 25; the memo 10. Equal
/// scores go by rating, then the newer date, then the title. Without
/// words the newest come first; the sort can ask for the newest, the best
/// rated or the title's order (by the site's language's collation) instead.
///
/// The script's messages are the table's (`SiteStrings`), written into it
/// as literals (or as expressions, around a number it fills in), so the
/// script speaks the site's language; in English it spells the Korean
/// letters its matching needs as escapes (`HangulEscape`).
enum SearchScript {
    /// The script with the theme's kinds (their labels, and the words that
    /// find them) and the site's words.
    static func source(kinds: SiteKinds, strings: SiteStrings) -> String {
        let all = kinds.all
        let labels = all.map { JSString.literal($0.rawValue) + ":" + JSString.literal(kinds.label($0)) }
        let words = all.map { kind in
            JSString.literal(kind.rawValue) + ":[" + kinds.words(kind).map(JSString.literal).joined(separator: ",") + "]"
        }
        let filled: [(String, String)] = [
            ("@KIND_LABEL@", "{" + labels.joined(separator: ", ") + "}"),
            ("@KIND_WORDS@", "{" + words.joined(separator: ", ") + "}"),
            ("@SORT_WORDS@", JSString.literal(strings.automaticSort(words: true))),
            ("@SORT_NEWEST@", JSString.literal(strings.automaticSort(words: false))),
            ("@SORT_RATING@", JSString.literal(strings.sortRating)),
            ("@SORT_TITLE@", JSString.literal(strings.sortTitle)),
            ("@SORT_DATE@", JSString.literal(strings.sortNewest)),
            ("@SORT_BEST@", JSString.literal(strings.sortBest)),
            ("@NO_ENTRIES@", JSString.literal(strings.noEntriesYet)),
            ("@RESULT_COUNT@", strings.resultCount.script("results.length")),
            ("@NO_MATCH@", JSString.literal(strings.noMatch)),
            ("@STARS_LABEL@", strings.starsLabel.script("e.rating.toFixed(1)")),
            ("@MORE_LEFT@", strings.moreLeft.script("(results.length - shown)")),
            ("@COLLATION@", JSString.literal(strings.lang)),
        ]
        let source = filled.reduce(template) { $0.replacing($1.0, with: $1.1) }
        return strings.locale == .ko ? source : HangulEscape.javaScript(source)
    }

    static let template = #"""
    // The search page: every year's index (site/search/YYYY.js) has been
    // read before this script runs. See SearchScript.swift for matching
    // and ranking.
    (function () {
      "use strict";
      var form = document.getElementById("search-form");
      if (!form) return;
      var PAGE = 50;
      var CHO = "ㄱㄲㄴㄷㄸㄹㅁㅂㅃㅅㅆㅇㅈㅉㅊㅋㅌㅍㅎ";
      // Final consonants (index 1...27) as the initial they become when a vowel follows; compounds left out.
      var JONG_CHO = [-1, 0, 1, -1, 2, -1, -1, 3, 5, -1, -1, -1, -1, -1, -1, -1, 6, 7, -1, 9, 10, 11, 12, 14, 15, 16, 17, 18];
      var KIND_LABEL = @KIND_LABEL@;
      var KIND_WORDS = @KIND_WORDS@;
      var fields = {q: document.getElementById("q"), kind: document.getElementById("kind"),
                    min: document.getElementById("min"), friend: document.getElementById("friend"),
                    year: document.getElementById("year"), sort: document.getElementById("sort")};
      var status = document.getElementById("search-status");
      var list = document.getElementById("results");
      var more = document.getElementById("more");

      function fold(text) { return text.normalize("NFC").toLowerCase(); }
      function squeeze(text) { return text.replace(/\s+/g, ""); }
      // Each Hangul syllable as its initial consonant, other characters as they are (same length).
      function initials(text) {
        var out = "";
        for (var i = 0; i < text.length; i++) {
          var c = text.charCodeAt(i);
          out += c >= 0xac00 && c <= 0xd7a3 ? CHO[Math.floor((c - 0xac00) / 588)] : text[i];
        }
        return out;
      }
      function isJamo(c) { return c >= 0x3131 && c <= 0x314e; }
      function isSyllable(c) { return c >= 0xac00 && c <= 0xd7a3; }

      // Entries from every year's index.
      var entries = [];
      (window.photicaseIndex || []).forEach(function (file) {
        file.entries.forEach(function (row) {
          // The face: 1 (the file's template), its own path, or for an
          // entry with only a back photo [the feed image's path, width, height].
          var feed = Array.isArray(row[8]) ? row[8] : null;
          var face = feed ? feed[0] : row[8] === 1 && file.face ? file.face[0] + row[0] + file.face[1]
            : typeof row[8] === "string" ? row[8] : null;
          entries.push({name: row[0], title: row[1], date: row[2], rating: row[3], kind: row[4], credit: row[5],
                        friends: row[6], memo: row[7], face: face, feed: !!feed,
                        size: feed ? (feed.length > 2 ? [feed[1], feed[2]] : null) : file.size});
        });
      });
      // Each entry's text as words are matched against it, made when a
      // word is first looked for in it: a view without words (the newest,
      // a kind, a companion) makes none (60 ms at 10,000 entries).
      function prepare(e) {
        if (e.t !== undefined) return;
        e.t = squeeze(fold(e.title));
        e.c = squeeze(fold(e.credit));
        e.f = e.friends.map(function (f) { return squeeze(fold(f)); });
        e.m = squeeze(fold(e.memo));
      }

      // Where `word` is in `text` (both folded and squeezed), by letters or by
      // initials or a syllable being typed (`fuzzy`); -1 when it is not.
      function fuzzyIndex(text, word) {
        var n = text.length, m = word.length, init = null;
        var last = word.charCodeAt(m - 1), open = -1, tail = -1;
        if (isSyllable(last)) {
          var jong = (last - 0xac00) % 28;
          if (jong === 0) open = last; else if (JONG_CHO[jong] >= 0) { open = last - jong; tail = JONG_CHO[jong]; }
        }
        outer: for (var i = 0; i + m <= n; i++) {
          for (var j = 0; j < m; j++) {
            var q = word.charCodeAt(j), h = text.charCodeAt(i + j);
            if (q === h) continue;
            if (isJamo(q)) {
              if (init === null) init = initials(text);
              if (init.charCodeAt(i + j) === q) continue;
            }
            if (j === m - 1 && open >= 0) {
              // 헤어지 finds 헤어질; 헤엊 finds 헤어지: the final is the next syllable's initial.
              if (tail < 0 && h > open && h < open + 28) continue;
              if (tail >= 0 && h === open && i + m < n && isSyllable(text.charCodeAt(i + m)) &&
                  Math.floor((text.charCodeAt(i + m) - 0xac00) / 588) === tail) continue;
            }
            continue outer;
          }
          return i;
        }
        return -1;
      }
      function needsFuzzy(word) {
        for (var i = 0; i < word.length; i++) if (isJamo(word.charCodeAt(i))) return true;
        return isSyllable(word.charCodeAt(word.length - 1));
      }
      // A date word as a test of `YYYY-MM-DD`, or null when the word is no date.
      function dateTest(word) {
        var month = /^(\d{1,2})월$/.exec(word), day = /^(\d{1,2})일$/.exec(word);
        if (month) return function (d) { return +d.slice(5, 7) === +month[1]; };
        if (day) return function (d) { return +d.slice(8, 10) === +day[1]; };
        var parts = word.replace(/일$/, "").split(/[-./년월]/).filter(function (p) { return p !== ""; });
        if (!/^\d{4}$/.test(parts[0] || "") || parts.length > 3 || !parts.every(function (p) { return /^\d+$/.test(p); })) return null;
        return function (d) {
          return d.slice(0, 4) === parts[0] && (parts.length < 2 || +d.slice(5, 7) === +parts[1]) &&
            (parts.length < 3 || +d.slice(8, 10) === +parts[2]);
        };
      }
      // The best score of `word` in `e`, 0 when it is nowhere.
      function score(e, word, fuzzy, date) {
        var best = 0, i;
        prepare(e);
        function take(s) { if (s > best) best = s; }
        // How much of the title the word covers: the closer match first.
        var cover = e.t.length ? Math.min(1, word.length / e.t.length) : 0;
        i = e.t.indexOf(word);
        if (i >= 0) take(e.t.length === word.length ? 100 : (i === 0 ? 70 : 50) + Math.round(20 * cover));
        else if (fuzzy) { i = fuzzyIndex(e.t, word); if (i >= 0) take((i === 0 ? 45 : 35) + Math.round(20 * cover)); }
        var people = e.f.concat(e.c ? [e.c] : []);
        for (var k = 0; k < people.length && best < 40; k++) {
          var p = people[k], at = p.indexOf(word);
          if (at >= 0) take(p.length === word.length ? 40 : 30);
          else if (fuzzy && fuzzyIndex(p, word) >= 0) take(20);
        }
        if (best < 25 && (KIND_WORDS[e.kind] || [e.kind]).indexOf(word) >= 0) take(25);
        if (best < 25 && date && date(e.date)) take(25);
        if (best < 10 && e.m.indexOf(word) >= 0) take(10);
        return best;
      }

      function byDate(a, b) { return a.date < b.date ? 1 : a.date > b.date ? -1 : 0; }
      function byRating(a, b) { return b.rating - a.rating || byDate(a, b); }
      function byTitle(a, b) { return a.title.localeCompare(b.title, @COLLATION@) || byDate(a, b); }

      // The state: from the fragment into the form, and back.
      function readHash() {
        var params = new URLSearchParams(location.hash.replace(/^#/, ""));
        ["q", "kind", "min", "friend", "year", "sort"].forEach(function (name) {
          var value = params.get(name) || "", field = fields[name];
          if (name === "min" && value) value = isNaN(parseFloat(value)) ? "" : (Math.round(parseFloat(value) * 2) / 2).toFixed(1);
          var known = field.tagName !== "SELECT" || Array.prototype.some.call(field.options, function (o) { return o.value === value; });
          // A companion no entry names still shows what is asked for (and finds nothing); other unknown values are dropped.
          if (!known && name === "friend") field.add(new Option(value, value));
          else if (!known) value = "";
          field.value = value;
        });
      }
      function writeHash() {
        var parts = [];
        ["q", "kind", "min", "friend", "year", "sort"].forEach(function (name) {
          var value = fields[name].value.trim();
          if (value) parts.push(name + "=" + encodeURIComponent(value));
        });
        var hash = parts.length ? "#" + parts.join("&") : "";
        if (hash !== location.hash && !(hash === "" && location.hash === "#")) {
          history.replaceState(null, "", hash || location.pathname + location.search);
        }
      }

      var results = [], shown = 0, words = [];
      function search() {
        var started = performance.now();
        var query = fold(fields.q.value).trim();
        words = query.split(/\s+/).filter(Boolean);
        var kind = fields.kind.value, min = parseFloat(fields.min.value) || 0, friend = fields.friend.value;
        var year = fields.year.value, sort = fields.sort.value;
        var tests = words.map(function (w) { return {word: w, fuzzy: needsFuzzy(w), date: dateTest(w)}; });
        results = [];
        for (var i = 0; i < entries.length; i++) {
          var e = entries[i];
          if (kind && e.kind !== kind) continue;
          if (e.rating < min) continue;
          if (friend && e.friends.indexOf(friend) < 0) continue;
          if (year && e.date.slice(0, 4) !== year) continue;
          var total = 0, ok = true;
          for (var k = 0; k < tests.length; k++) {
            var s = score(e, tests[k].word, tests[k].fuzzy, tests[k].date);
            if (!s) { ok = false; break; }
            total += s;
          }
          if (ok) { e.score = total; results.push(e); }
        }
        var order = sort === "rating" ? byRating : sort === "title" ? byTitle : sort === "date" || !words.length ? byDate
          : function (a, b) { return b.score - a.score || byRating(a, b) || byTitle(a, b); };
        results.sort(order);
        list.textContent = "";
        shown = 0;
        showMore();
        var how = sort === "rating" ? @SORT_RATING@ : sort === "title" ? @SORT_TITLE@ : sort === "date" || !words.length ? @SORT_DATE@ : @SORT_BEST@;
        // The default option names the order it gives now.
        fields.sort.options[0].textContent = words.length ? @SORT_WORDS@ : @SORT_NEWEST@;
        status.textContent = !entries.length ? @NO_ENTRIES@ : results.length
          ? (words.length ? "‘" + fields.q.value.trim() + "’ " : "") + @RESULT_COUNT@ + how
          : @NO_MATCH@;
        // For scripts/bench-site.py: how long this search took, shown.
        window.photicaseSearchMs = performance.now() - started;
      }

      function el(tag, className, text) {
        var node = document.createElement(tag);
        if (className) node.className = className;
        if (text !== undefined) node.textContent = text;
        return node;
      }
      // The title with the first word found in it marked.
      function title(e) {
        var node = el("span", "title");
        node.dir = "auto";
        var shown = e.title.normalize("NFC"), folded = fold(shown), word = words[0];
        if (word && folded.length === shown.length) {
          var map = [], squeezed = "";
          for (var i = 0; i < folded.length; i++) if (!/\s/.test(folded[i])) { squeezed += folded[i]; map.push(i); }
          var at = squeezed.indexOf(word), len = word.length;
          if (at < 0 && needsFuzzy(word)) at = fuzzyIndex(squeezed, word);
          if (at >= 0) {
            var from = map[at], to = map[Math.min(at + len, map.length) - 1] + 1;
            node.appendChild(document.createTextNode(shown.slice(0, from)));
            node.appendChild(el("mark", "", shown.slice(from, to)));
            node.appendChild(document.createTextNode(shown.slice(to)));
            return node;
          }
        }
        node.textContent = e.title;
        return node;
      }
      // The memo's line that holds a word, else its first line.
      function memoLine(e) {
        var lines = e.memo.split("\n").filter(Boolean);
        for (var k = 0; k < words.length; k++) {
          for (var i = 0; i < lines.length; i++) if (squeeze(fold(lines[i])).indexOf(words[k]) >= 0) return lines[i];
        }
        return lines[0] || "";
      }
      function card(e) {
        var item = el("li"), link = el("a", "card row");
        link.href = "entries/" + e.name + ".html";
        if (e.face) {
          var crop = el("span", e.feed ? "crop feed" : "crop"), img = el("img");
          img.src = e.face;
          img.alt = "";
          if (e.size) {
            img.width = e.size[0];
            img.height = e.size[1];
          }
          img.loading = "lazy";
          img.decoding = "async";
          crop.appendChild(img);
          link.appendChild(crop);
        } else {
          var blank = el("span", "crop blank kind-" + e.kind, KIND_LABEL[e.kind] || e.kind);
          blank.setAttribute("aria-hidden", "true");
          link.appendChild(blank);
        }
        var text = el("span", "card-text"), meta = el("span", "meta");
        text.appendChild(title(e));
        meta.appendChild(el("span", "kind kind-" + e.kind, KIND_LABEL[e.kind] || e.kind));
        var stars = el("span", "stars"), on = el("span", "stars-on");
        stars.setAttribute("role", "img");
        stars.setAttribute("aria-label", @STARS_LABEL@);
        on.style.width = Math.round(Math.max(0, Math.min(5, e.rating)) * 20) + "%";
        stars.appendChild(on);
        meta.appendChild(stars);
        meta.appendChild(el("span", "rating", e.rating.toFixed(1)));
        var time = el("time", "", e.date.replace(/-/g, "."));
        time.dateTime = e.date;
        meta.appendChild(time);
        text.appendChild(meta);
        var line = memoLine(e) || e.credit;
        if (line) { var memo = el("span", "memo-line", line); memo.dir = "auto"; text.appendChild(memo); }
        link.appendChild(text);
        item.appendChild(link);
        return item;
      }
      function showMore() {
        var end = Math.min(results.length, shown + PAGE), part = document.createDocumentFragment();
        for (; shown < end; shown++) part.appendChild(card(results[shown]));
        list.appendChild(part);
        more.hidden = shown >= results.length;
        more.textContent = @MORE_LEFT@;
      }

      // Companions, the most frequent first.
      var counts = {};
      entries.forEach(function (e) { e.friends.forEach(function (f) { counts[f] = (counts[f] || 0) + 1; }); });
      Object.keys(counts).sort(function (a, b) { return counts[b] - counts[a] || a.localeCompare(b, @COLLATION@); })
        .forEach(function (f) { fields.friend.add(new Option(f + " (" + counts[f] + ")", f)); });

      var pending = false;
      function update() {
        writeHash();
        if (pending) return;
        pending = true;
        requestAnimationFrame(function () { pending = false; search(); });
      }
      form.addEventListener("input", update);
      form.addEventListener("change", update);
      form.addEventListener("submit", function (event) { event.preventDefault(); fields.q.blur(); });
      more.addEventListener("click", showMore);
      window.addEventListener("hashchange", function () { readHash(); search(); });
      form.hidden = false;
      readHash();
      search();
      // For scripts/bench-site.py: when the first results were on the page.
      window.photicaseSearchReady = performance.now();
    })();

    """#
}
