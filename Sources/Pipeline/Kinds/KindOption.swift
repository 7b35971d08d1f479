/// An option of `render` that one kind adds and reads (`--page` of the
/// print book), declared with the kind (`KindDeclaration.options`): the
/// command lists, parses and checks it from here, and the kind's
/// `optionsKey` names its value, so nothing outside the kind spells it.
public struct KindOption: Sendable {
    /// The option's name without dashes (`page`).
    public var name: String
    /// What its value looks like in the help (`a5|a4|6x9in`).
    public var valueName: String
    public var help: String
    /// The value when the option is not given (canonical).
    public var defaultValue: String
    /// The canonical spelling of a given value, nil when it is not one of
    /// the option's values (a usage error naming `valueName`).
    public var canonical: @Sendable (String) -> String?

    public init(name: String, valueName: String, help: String, defaultValue: String,
                canonical: @escaping @Sendable (String) -> String?) {
        self.name = name
        self.valueName = valueName
        self.help = help
        self.defaultValue = defaultValue
        self.canonical = canonical
    }
}

extension Kinds {
    /// Every kind's own options, in registry order.
    public static var options: [KindOption] { all.flatMap { $0.options } }
}

extension RenderOptions {
    /// `option`'s value in this run: as given (`kindOptions`), else its default.
    public func value(of option: KindOption) -> String {
        kindOptions[option.name] ?? option.defaultValue
    }
}
