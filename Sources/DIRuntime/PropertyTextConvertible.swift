/// A type that `AppContext.getProperty(_:type:)` converts a property's text to: the
/// same standard-library conversions dibuild applies at build time, so a value that passed the build
/// check converts at run time.
public protocol PropertyTextConvertible {
    init?(propertyText text: String)
}

extension String: PropertyTextConvertible {
    public init?(propertyText text: String) { self = text }
}

extension Bool: PropertyTextConvertible {
    /// Exactly `true` or `false`, or an integer `Int(text)` accepts (then the value is `== 1`).
    public init?(propertyText text: String) {
        switch text {
        case "true": self = true
        case "false": self = false
        default:
            guard let number = Int(text) else { return nil }
            self = number == 1
        }
    }
}

// Integers and floating-point numbers use their `init?(_: String)`: decimal with an optional sign and
// in range (overflow gives nil) for integers; decimal, hex, `inf` and `nan` for Double and Float.
extension PropertyTextConvertible where Self: FixedWidthInteger {
    public init?(propertyText text: String) { self.init(text) }
}

extension PropertyTextConvertible where Self: LosslessStringConvertible & BinaryFloatingPoint {
    public init?(propertyText text: String) { self.init(text) }
}

extension Double: PropertyTextConvertible {}
extension Float: PropertyTextConvertible {}
extension Int: PropertyTextConvertible {}
extension Int8: PropertyTextConvertible {}
extension Int16: PropertyTextConvertible {}
extension Int32: PropertyTextConvertible {}
extension Int64: PropertyTextConvertible {}
extension UInt: PropertyTextConvertible {}
extension UInt8: PropertyTextConvertible {}
extension UInt16: PropertyTextConvertible {}
extension UInt32: PropertyTextConvertible {}
extension UInt64: PropertyTextConvertible {}
