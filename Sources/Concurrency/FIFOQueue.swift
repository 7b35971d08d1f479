/// A first-in, first-out queue, taken from by an index into its storage:
/// a take costs nothing to the elements behind it, and the storage is
/// compacted now and then (when more than half of it is taken), not on
/// every take. Not locked: its owner guards it.
public struct FIFOQueue<Element> {
    private var items: [Element] = []
    private var head = 0

    public init() {}

    /// Adds `element` at the tail.
    public mutating func append(_ element: Element) { items.append(element) }

    /// The element at the head, removed; nil when empty.
    public mutating func take() -> Element? {
        guard head < items.count else { return nil }
        let element = items[head]
        head += 1
        if head > 64 && head * 2 > items.count {
            items.removeFirst(head)
            head = 0
        }
        return element
    }
}

extension FIFOQueue: Sendable where Element: Sendable {}
