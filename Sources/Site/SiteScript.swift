/// The one script: the left and right arrow keys follow a page's
/// `rel="prev"` and `rel="next"` links (entries, days, months, book pages,
/// years). Every page works without it.
enum SiteScript {
    static let source = """
    // Arrow keys between neighbours; the links do the same without script.
    document.addEventListener("keydown", function (event) {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
      var target = event.target;
      if (target && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName))) return;
      var rel = event.key === "ArrowLeft" ? "prev" : event.key === "ArrowRight" ? "next" : null;
      if (!rel) return;
      var link = document.querySelector('.pager a[rel="' + rel + '"]');
      if (link) { event.preventDefault(); window.location.href = link.href; }
    });

    """
}
