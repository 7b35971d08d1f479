import PhotiCaseDiary
import PhotiCaseRaster

/// The canonical bytes of what a layout draws: every field its input
/// holds, in a fixed order, each length-prefixed so that no two different
/// field lists write the same bytes. The pipeline hashes them (with the
/// renderer's version, the theme and the fonts) into the output's cache
/// key, so a key changes exactly when something the layout draws does.
public struct LayoutKey: Sendable, Hashable {
    /// The bytes written so far.
    public private(set) var bytes: [UInt8] = []

    public init() {}

    /// A key that starts with the input's name, so two layouts with the
    /// same fields never share a key.
    public init(_ name: String) { add(name) }

    public mutating func add(_ text: String) { add(bytes: text.utf8) }

    /// Raw bytes as one field.
    public mutating func add(bytes field: some Collection<UInt8>) {
        bytes.append(contentsOf: String(field.count).utf8)
        bytes.append(UInt8(ascii: ":"))
        bytes.append(contentsOf: field)
    }

    public mutating func add(_ number: Int) { add(String(number)) }
    public mutating func add(_ flag: Bool) { add(flag ? "1" : "0") }
    /// Doubles by their exact bits' decimal text (ratings are halves).
    public mutating func add(_ number: Double) { add(number.description) }
    public mutating func add(_ date: CalendarDate) { add(date.description) }
    public mutating func add(_ text: String?) {
        if let text { add("+"); add(text) } else { add("-") }
    }

    /// A list: its count, then each element.
    public mutating func add<T>(_ list: [T], _ each: (inout LayoutKey, T) -> Void) {
        add(list.count)
        for element in list { each(&self, element) }
    }

    /// A nested input, whole.
    public mutating func add(_ input: some LayoutInput) {
        var nested = LayoutKey()
        input.write(to: &nested)
        add(bytes: nested.bytes)
    }

    /// An optional nested input.
    public mutating func add(_ input: (some LayoutInput)?) {
        if let input { add("+"); add(input) } else { add("-") }
    }
}

/// What one layout draws, as a value: the layout reads nothing else, so
/// its canonical bytes (`key`) are a sound cache key.
public protocol LayoutInput: Sendable {
    /// Writes every field the layout draws, in a fixed order.
    func write(to key: inout LayoutKey)
}

extension LayoutInput {
    /// This input's canonical bytes.
    public var key: LayoutKey {
        var key = LayoutKey()
        write(to: &key)
        return key
    }
}
