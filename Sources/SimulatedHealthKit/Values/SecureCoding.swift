/// What the `NSSecureCoding` conformances share (docs/healthkit-types.md#secure-coding): every
/// class Apple declares `NSSecureCoding` archives with `NSKeyedArchiver` (`requiringSecureCoding:
/// true`) and comes back equal from `NSKeyedUnarchiver.unarchivedObject(ofClass:from:)`. Keys
/// are workout-sim's (an archive made here is not read by HealthKit, and the other way round).
extension NSCoder {
  /// The string under `key`, or `nil`.
  func decodeString(forKey key: String) -> String? {
    decodeObject(of: NSString.self, forKey: key).map { String(describing: $0) }
  }

  /// The date under `key`, or `nil`.
  func decodeDate(forKey key: String) -> Date? {
    decodeObject(of: NSDate.self, forKey: key).map {
      Date(timeIntervalSinceReferenceDate: $0.timeIntervalSinceReferenceDate)
    }
  }

  /// The UUID under `key`, or `nil`.
  func decodeUUID(forKey key: String) -> UUID? {
    decodeObject(of: NSUUID.self, forKey: key).map { UUID(uuidString: $0.uuidString) } ?? nil
  }

  /// The date interval stored as `<key>.start` and `<key>.end` (seconds since the reference
  /// date), or `nil` when the archive holds none.
  func decodeDateInterval(forKey key: String) -> DateInterval? {
    guard containsValue(forKey: key + ".start") else { return nil }
    let start = Date(timeIntervalSinceReferenceDate: decodeDouble(forKey: key + ".start"))
    let end = Date(timeIntervalSinceReferenceDate: decodeDouble(forKey: key + ".end"))
    return end >= start ? DateInterval(start: start, end: end) : nil
  }

  /// Writes `interval` as ``decodeDateInterval(forKey:)`` reads it (nothing for `nil`).
  func encode(_ interval: DateInterval?, forKey key: String) {
    guard let interval else { return }
    encode(interval.start.timeIntervalSinceReferenceDate, forKey: key + ".start")
    encode(interval.end.timeIntervalSinceReferenceDate, forKey: key + ".end")
  }

  /// Metadata: a dictionary of strings, numbers, dates and quantities.
  func decodeMetadata(forKey key: String) -> [String: Any]? {
    decodeObject(
      of: [NSDictionary.self, NSString.self, NSNumber.self, NSDate.self, HKQuantity.self],
      forKey: key) as? [String: Any]
  }

  /// An array of `type` objects under `key`, or `nil`.
  func decodeArray<T: NSObject>(of type: T.Type, forKey key: String) -> [T]? {
    // A missing key is an error to swift-corelibs-foundation's unarchiver: ask first.
    guard containsValue(forKey: key) else { return nil }
    return decodeObject(of: [NSArray.self, type], forKey: key) as? [T]
  }

  /// Statistics by quantity type, stored as parallel arrays `<key>.types` and `<key>.values`.
  func decodeStatistics(forKey key: String) -> [HKQuantityType: HKStatistics]? {
    guard let types = decodeArray(of: HKObjectType.self, forKey: key + ".types"),
      let values = decodeArray(of: HKStatistics.self, forKey: key + ".values"),
      types.count == values.count
    else { return nil }
    var statistics: [HKQuantityType: HKStatistics] = [:]
    for (type, value) in zip(types, values) {
      guard let type = type as? HKQuantityType else { return nil }
      statistics[type] = value
    }
    return statistics
  }

  /// Writes `statistics` as ``decodeStatistics(forKey:)`` reads it, in identifier order.
  func encode(_ statistics: [HKQuantityType: HKStatistics], forKey key: String) {
    let sorted = statistics.sorted { $0.key.identifier < $1.key.identifier }
    encode(sorted.map(\.key) as [HKObjectType], forKey: key + ".types")
    encode(sorted.map(\.value), forKey: key + ".values")
  }
}
