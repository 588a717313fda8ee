/// A batch was refused because one of its commands was; nothing of the batch was recorded.
public struct BatchEntryError: Error, CustomStringConvertible {
    /// Which command, counting from 0, in the order given.
    public var index: Int
    public var underlying: any Error

    public init(index: Int, underlying: any Error) {
        self.index = index
        self.underlying = underlying
    }

    public var description: String { String(describing: underlying) }
}
