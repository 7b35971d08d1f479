/// The version of the drawing code, in every key made of what it draws:
/// bumped whenever a change to the drawing code changes output pixels, so
/// existing caches (the batch pipeline's, `serve`'s copies, a library
/// caller's) render again. `RendererVersionTests` fails when a reference
/// render changes while this stays the same.
public enum RendererVersion {
    public static let cards = "photicase-render/cards-18"
}
