/// The one script: the left and right arrow keys follow a page's
/// `rel="prev"` and `rel="next"` links (entries, days, months, book pages,
/// years), and the pagers (`EntryPager`) get their page control. Every
/// page works without it: the links are links, and a pager's track
/// scrolls and snaps by CSS alone.
enum SiteScript {
    static let source = """
    // Pagers: the control shows where the track pages, follows the entry in
    // view (a swipe, a button, a key), and says each move to screen readers.
    var pagers = Array.prototype.map.call(document.querySelectorAll(".entry-pager"), function (pager) {
      var track = pager.querySelector(".pager-track"), control = pager.querySelector(".page-control");
      var slides = track.children, current = -1;
      var dots = control ? Array.prototype.slice.call(control.querySelectorAll(".dot")) : [];
      var count = control && control.querySelector(".page-count");
      var status = control && control.querySelector(".page-status");
      var steps = control ? control.querySelectorAll(".page-step") : [];
      var still = window.matchMedia("(prefers-reduced-motion: reduce)");
      function paging() { return getComputedStyle(track).scrollSnapType.indexOf("x") >= 0; }
      function width() { return slides[0].getBoundingClientRect().width || 1; }
      function inView() {
        return Math.max(0, Math.min(slides.length - 1, Math.round(Math.abs(track.scrollLeft) / width())));
      }
      function show(announce) {
        var pages = paging();
        if (control) control.hidden = !pages;
        // Focusable only while it scrolls, so a keyboard can move it.
        if (pages) track.tabIndex = 0; else if (!pager.classList.contains("paged")) track.removeAttribute("tabindex");
        var i = inView();
        if (!control || i === current) return;
        var first = current < 0;
        current = i;
        dots.forEach(function (dot, k) {
          if (k === i) dot.setAttribute("aria-current", "true"); else dot.removeAttribute("aria-current");
        });
        if (count) count.textContent = (i + 1) + " / " + slides.length;
        steps[0].disabled = i === 0;
        steps[1].disabled = i === slides.length - 1;
        if (announce && !first) {
          var title = slides[i].querySelector(".title");
          status.textContent = (i + 1) + " / " + slides.length + (title ? ": " + title.textContent : "");
        }
      }
      function go(i) {
        if (i < 0 || i >= slides.length || !paging()) return false;
        track.scrollTo({left: i * width() * (getComputedStyle(track).direction === "rtl" ? -1 : 1),
                        behavior: still.matches ? "auto" : "smooth"});
        return true;
      }
      var settle = null;
      track.addEventListener("scroll", function () {
        clearTimeout(settle);
        settle = setTimeout(function () { show(true); }, 80);
      }, {passive: true});
      window.addEventListener("resize", function () { show(false); });
      if (control) {
        control.addEventListener("click", function (event) {
          var button = event.target.closest("button");
          if (!button) return;
          if (button.hasAttribute("data-page")) go(Number(button.getAttribute("data-page")));
          else go(current + Number(button.getAttribute("data-step")));
        });
      }
      show(false);
      return {pager: pager, step: function (by) { return go(current + by); }};
    });

    // Arrow keys between neighbours; the links do the same without script.
    // Inside a pager that pages they move one entry, until its end.
    document.addEventListener("keydown", function (event) {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
      var target = event.target;
      if (target && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName))) return;
      var rel = event.key === "ArrowLeft" ? "prev" : event.key === "ArrowRight" ? "next" : null;
      if (!rel) return;
      for (var k = 0; k < pagers.length; k++) {
        if (target && pagers[k].pager.contains(target) && pagers[k].step(rel === "next" ? 1 : -1)) {
          event.preventDefault();
          return;
        }
      }
      var link = document.querySelector('.pager a[rel="' + rel + '"]');
      if (link) { event.preventDefault(); window.location.href = link.href; }
    });

    """
}
