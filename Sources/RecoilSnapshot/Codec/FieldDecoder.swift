/// Gathers a model's fields as an object's members arrive, in any order, and builds the model
/// at the end: what ``NodeFieldDecoder``, ``TimelineFieldDecoder`` and ``ActionFieldDecoder``
/// are, each the one reading of its model for snapshots and live events alike.
///
/// ```swift
/// var fields = NodeFieldDecoder()
/// let node = try reader.decode(&fields)  // fields.idOffset says where its id was
/// ```
protocol FieldDecoder {
  associatedtype Value
  /// Reads `key`'s value into the model if it is one of its fields, and says whether it was.
  mutating func read(_ key: JSONKey, from reader: inout FieldReader) throws(SnapshotError) -> Bool
  /// The model, once every member has been read; fails if a required field is missing.
  func build(_ reader: FieldReader, objectStart: Int) throws(SnapshotError) -> Value
}

extension FieldReader {
  /// Reads an object's members into `fields`, skipping those it does not know, and builds
  /// its model.
  mutating func decode<Fields: FieldDecoder>(_ fields: inout Fields) throws(SnapshotError) -> Fields.Value {
    let objectStart = try object { reader, key throws(SnapshotError) in
      if try !fields.read(key, from: &reader) { try reader.skip() }
    }
    return try fields.build(self, objectStart: objectStart)
  }
}
