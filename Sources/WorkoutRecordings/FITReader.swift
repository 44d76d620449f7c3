/// Decoder for the FIT binary protocol (Garmin, "Flexible and Interoperable Data Transfer",
/// https://developer.garmin.com/fit/protocol/): file header (12 or 14 bytes, `.FIT`
/// signature, header CRC checked unless stored as 0, which the protocol reserves for "not
/// computed"), normal and compressed-time-stamp record headers, definition messages in either
/// byte order (architecture byte 0 little-endian, 1 big-endian), developer data fields
/// (skipped by their declared sizes), invalid values per base type (absent), and the file CRC.
/// Chained FIT files (one after another in the same byte stream) are read in sequence.
///
/// Framing rules where the protocol leaves a reader a choice:
/// - A field whose size is not its base type's size (an array such as `uint8[4]`, or a size that
///   is no multiple of the base size) is not a scalar: its bytes are skipped and the fields after
///   it are read at their declared offsets. Strings (base type 7) are skipped too.
/// - The time stamp (field 253, `date_time`, a uint32) counts only when its value is a whole
///   number from 0 to 2^32 − 2; any other value (a negative number in a field declared signed, a
///   fraction in a float) leaves the message without a time stamp.
/// - A compressed time stamp header adds its 5-bit offset to the last time stamp (full or
///   compressed) with the protocol's rollover: `(last & ~0x1F) + offset`, plus 32 when `offset`
///   is below `last & 0x1F`. A result past 2^32 − 1 is a malformed message.
/// - Local message types, definitions and the last time stamp start afresh in each chained file.
/// - A file (all chained files together) without a `record` message carrying a time stamp is
///   refused with ``RecordingError/noFITRecords(file:fileType:)``, naming the `file_id` type
///   (FIT profile type `file`: settings, weight, …) when there is one.
enum FITReader {
  /// The base types' sizes in bytes by base type number (the low five bits of the base type
  /// byte): enum, sint8, uint8, sint16, uint16, sint32, uint32, string, float32, float64,
  /// uint8z, uint16z, uint32z, byte, sint64, uint64, uint64z.
  static let baseSizes: [Int] = [1, 1, 1, 2, 2, 4, 4, 1, 4, 8, 1, 2, 4, 1, 8, 8, 8]

  struct Field {
    var number: UInt8
    var offset: Int
    var size: Int
    var baseType: UInt8
  }

  struct Definition {
    var global: UInt16
    var bigEndian: Bool
    var fields: [Field]
    /// Bytes of the data message's content (regular plus developer fields).
    var size: Int
  }

  /// A decoded data message: field number → value in the profile's raw units (before
  /// scale and offset), invalid values left out. One buffer of 256 slots (NaN for absent) is
  /// reused for every message, so decoding allocates nothing per message.
  struct Message {
    var values = [Double](repeating: .nan, count: 256)
    subscript(_ number: UInt8) -> Double? {
      let value = values[Int(number)]
      return value.isNaN ? nil : value
    }
  }

  static func decode(_ bytes: [UInt8], file: String) throws(RecordingError) -> Recording {
    var builder = Builder()
    var fileType: Double?
    var start = 0
    repeat {
      start = try decodeFile(bytes, from: start, file: file, into: &builder, fileType: &fileType)
    } while start < bytes.count
    guard !builder.recording.points.isEmpty else {
      throw .noFITRecords(file: file, fileType: fileType.map(fileTypeName))
    }
    return builder.recording
  }

  /// FIT profile type `file` (the `file_id` message's field 0) names.
  static let fileTypeNames: [Int: String] = [
    1: "device", 2: "settings", 3: "sport", 4: "activity", 5: "workout", 6: "course",
    7: "schedules", 9: "weight", 10: "totals", 11: "goals", 14: "blood_pressure",
    15: "monitoring_a", 20: "activity_summary", 28: "monitoring_daily", 32: "monitoring_b",
    34: "segment", 35: "segment_list", 40: "exd_configuration",
  ]

  /// The profile name of a `file` value, or its number.
  static func fileTypeName(_ value: Double) -> String {
    guard let number = Int(exactly: value) else { return String(value) }
    if let name = fileTypeNames[number] { return name }
    return (0xF7...0xFE).contains(number) ? "manufacturer-specific \(number)" : String(number)
  }

  /// Decodes one FIT file starting at `start`; returns the offset after its CRC.
  private static func decodeFile(
    _ bytes: [UInt8], from start: Int, file: String, into builder: inout Builder,
    fileType: inout Double?
  ) throws(RecordingError) -> Int {
    let available = bytes.count - start
    guard available >= 12 else {
      if start == 0 { throw .notFIT(file: file, reason: "shorter than a FIT header (12 bytes)") }
      throw .truncated(file: file, offset: bytes.count)
    }
    let headerSize = Int(bytes[start])
    guard headerSize == 12 || headerSize >= 14 else {
      throw .notFIT(file: file, reason: "header size \(headerSize) (expected 12 or 14)")
    }
    guard bytes[start + 8] == 0x2E, bytes[start + 9] == 0x46, bytes[start + 10] == 0x49,
      bytes[start + 11] == 0x54
    else { throw .notFIT(file: file, reason: "no .FIT signature at byte \(start + 8)") }
    guard available >= headerSize else { throw .truncated(file: file, offset: bytes.count) }
    if headerSize >= 14 {
      let stored = UInt16(bytes[start + 12]) | UInt16(bytes[start + 13]) << 8
      if stored != 0 {
        let computed = FITCRC.compute(bytes, start..<(start + 12))
        guard stored == computed else {
          throw .headerCRC(file: file, stored: stored, computed: computed)
        }
      }
    }
    let dataSize =
      Int(bytes[start + 4]) | Int(bytes[start + 5]) << 8 | Int(bytes[start + 6]) << 16
      | Int(bytes[start + 7]) << 24
    let dataStart = start + headerSize
    let dataEnd = dataStart + dataSize
    guard dataEnd + 2 <= bytes.count else { throw .truncated(file: file, offset: bytes.count) }
    let stored = UInt16(bytes[dataEnd]) | UInt16(bytes[dataEnd + 1]) << 8
    let computed = FITCRC.compute(bytes, start..<dataEnd)
    guard stored == computed else { throw .fileCRC(file: file, stored: stored, computed: computed) }
    try decodeMessages(
      bytes, dataStart..<dataEnd, file: file, into: &builder, fileType: &fileType)
    return dataEnd + 2
  }

  private static func decodeMessages(
    _ bytes: [UInt8], _ range: Range<Int>, file: String, into builder: inout Builder,
    fileType: inout Double?
  ) throws(RecordingError) {
    var definitions = [Definition?](repeating: nil, count: 16)
    var lastTimestamp: UInt32? = nil
    var message = Message()
    var position = range.lowerBound
    let end = range.upperBound
    while position < end {
      let messageStart = position
      let header = bytes[position]
      position += 1
      if header & 0x80 != 0 {
        // Compressed time stamp header: local type in bits 5-6, time offset in bits 0-4,
        // relative to the last full time stamp (rolls over every 32 s).
        let local = Int((header >> 5) & 0x03)
        let offset = UInt32(header & 0x1F)
        guard let definition = definitions[local] else {
          throw .malformedFIT(
            file: file, offset: messageStart, reason: "no definition for local message \(local)")
        }
        guard let last = lastTimestamp else {
          throw .malformedFIT(
            file: file, offset: messageStart,
            reason: "compressed time stamp before any full time stamp")
        }
        var wide = UInt64(last & ~0x1F) + UInt64(offset)
        if offset < last & 0x1F { wide += 0x20 }
        guard let timestamp = UInt32(exactly: wide) else {
          throw .malformedFIT(
            file: file, offset: messageStart,
            reason: "compressed time stamp past the largest FIT time (2^32 - 1 s)")
        }
        lastTimestamp = timestamp
        guard position + definition.size <= end else {
          throw .malformedFIT(
            file: file, offset: messageStart, reason: "message runs past the end of the data")
        }
        read(bytes, at: position, definition, into: &message)
        position += definition.size
        builder.add(definition.global, message, timestamp: timestamp)
        clear(&message, definition)
      } else if header & 0x40 != 0 {
        let local = Int(header & 0x0F)
        let developer = header & 0x20 != 0
        guard position + 5 <= end else {
          throw .malformedFIT(
            file: file, offset: messageStart, reason: "definition runs past the end of the data")
        }
        let bigEndian: Bool
        switch bytes[position + 1] {
        case 0: bigEndian = false
        case 1: bigEndian = true
        case let other:
          throw .malformedFIT(
            file: file, offset: messageStart, reason: "architecture byte \(other)")
        }
        let global =
          bigEndian
          ? UInt16(bytes[position + 2]) << 8 | UInt16(bytes[position + 3])
          : UInt16(bytes[position + 2]) | UInt16(bytes[position + 3]) << 8
        let count = Int(bytes[position + 4])
        position += 5
        guard position + 3 * count <= end else {
          throw .malformedFIT(
            file: file, offset: messageStart, reason: "definition runs past the end of the data")
        }
        var fields: [Field] = []
        fields.reserveCapacity(count)
        var size = 0
        for _ in 0..<count {
          let fieldSize = Int(bytes[position + 1])
          fields.append(
            Field(
              number: bytes[position], offset: size, size: fieldSize,
              baseType: bytes[position + 2]))
          size += fieldSize
          position += 3
        }
        if developer {
          guard position < end else {
            throw .malformedFIT(
              file: file, offset: messageStart,
              reason: "definition runs past the end of the data")
          }
          let developerCount = Int(bytes[position])
          position += 1
          guard position + 3 * developerCount <= end else {
            throw .malformedFIT(
              file: file, offset: messageStart,
              reason: "definition runs past the end of the data")
          }
          for _ in 0..<developerCount {
            size += Int(bytes[position + 1])
            position += 3
          }
        }
        definitions[local] = Definition(
          global: global, bigEndian: bigEndian, fields: fields, size: size)
      } else {
        let local = Int(header & 0x0F)
        guard let definition = definitions[local] else {
          throw .malformedFIT(
            file: file, offset: messageStart, reason: "no definition for local message \(local)")
        }
        guard position + definition.size <= end else {
          throw .malformedFIT(
            file: file, offset: messageStart, reason: "message runs past the end of the data")
        }
        read(bytes, at: position, definition, into: &message)
        position += definition.size
        let timestamp = message[253].flatMap { UInt32(exactly: $0) }
        if let timestamp { lastTimestamp = timestamp }
        if definition.global == 0, fileType == nil { fileType = message[0] }
        builder.add(definition.global, message, timestamp: timestamp)
        clear(&message, definition)
      }
    }
  }

  /// Reads the scalar fields of one data message; arrays, strings and invalid values are left
  /// out.
  private static func read(
    _ bytes: [UInt8], at start: Int, _ definition: Definition, into message: inout Message
  ) {
    for field in definition.fields {
      let base = Int(field.baseType & 0x1F)
      guard base < baseSizes.count, base != 7, baseSizes[base] == field.size else { continue }
      var raw: UInt64 = 0
      let offset = start + field.offset
      if definition.bigEndian {
        for i in 0..<field.size { raw = raw << 8 | UInt64(bytes[offset + i]) }
      } else {
        for i in stride(from: field.size - 1, through: 0, by: -1) {
          raw = raw << 8 | UInt64(bytes[offset + i])
        }
      }
      if let value = value(raw, base: base) { message.values[Int(field.number)] = value }
    }
  }

  /// Resets the slots a message of `definition` may have set.
  private static func clear(_ message: inout Message, _ definition: Definition) {
    for field in definition.fields { message.values[Int(field.number)] = .nan }
  }

  /// The value of raw bits of a base type, or `nil` for the type's invalid value (all ones for
  /// unsigned, enum, byte and float types; the largest positive value for signed types; zero
  /// for the `z` types).
  private static func value(_ raw: UInt64, base: Int) -> Double? {
    switch base {
    case 0, 2, 13: return raw == 0xFF ? nil : Double(raw)
    case 1: return raw == 0x7F ? nil : Double(Int8(truncatingIfNeeded: raw))
    case 3: return raw == 0x7FFF ? nil : Double(Int16(truncatingIfNeeded: raw))
    case 4: return raw == 0xFFFF ? nil : Double(raw)
    case 5: return raw == 0x7FFF_FFFF ? nil : Double(Int32(truncatingIfNeeded: raw))
    case 6: return raw == 0xFFFF_FFFF ? nil : Double(raw)
    case 8: return raw == 0xFFFF_FFFF ? nil : Double(Float(bitPattern: UInt32(raw)))
    case 9: return raw == UInt64.max ? nil : Double(bitPattern: raw)
    case 10, 11, 12, 16: return raw == 0 ? nil : Double(raw)
    case 14: return raw == 0x7FFF_FFFF_FFFF_FFFF ? nil : Double(Int64(bitPattern: raw))
    case 15: return raw == UInt64.max ? nil : Double(raw)
    default: return nil
    }
  }

  /// FIT `sport` enum names (FIT profile, type `sport`).
  static let sportNames: [Int: String] = [
    0: "generic", 1: "running", 2: "cycling", 3: "transition", 4: "fitness_equipment",
    5: "swimming", 6: "basketball", 7: "soccer", 8: "tennis", 9: "american_football",
    10: "training", 11: "walking", 12: "cross_country_skiing", 13: "alpine_skiing",
    14: "snowboarding", 15: "rowing", 16: "mountaineering", 17: "hiking", 18: "multisport",
    19: "paddling", 254: "all",
  ]

  static func sportName(_ value: Double) -> String {
    // Any base type may carry the field, so the value need not fit an Int.
    guard let number = Int(exactly: value) else { return String(value) }
    return sportNames[number] ?? String(number)
  }

  /// Collects the messages this module uses into a ``Recording``.
  struct Builder {
    var recording = Recording(format: .fit, points: [])
    var sportMessage: String?

    mutating func add(_ global: UInt16, _ m: Message, timestamp: UInt32?) {
      switch global {
      case 20: addRecord(m, timestamp: timestamp)
      case 19: recording.laps.append(summary(m, lap: true))
      case 18:
        let session = summary(m, lap: false)
        recording.sessions.append(session)
        if recording.session == nil {
          recording.session = session
          recording.sport = session.sport ?? recording.sport
        }
      case 21: addEvent(m, timestamp: timestamp)
      case 12:
        if let sport = m[0], recording.sport == nil { recording.sport = sportName(sport) }
      default: break
      }
    }

    /// A FIT `event` message (21): `event` (field 0) `timer` (0) with `event_type` (field 1)
    /// `start` (0) starts the timer; `stop` (1), `stop_all` (4), `stop_disable` (8) and
    /// `stop_disable_all` (9) stop it (FIT profile, types `event` and `event_type`). Other
    /// events, and events without a time stamp, are left out.
    private mutating func addEvent(_ m: Message, timestamp: UInt32?) {
      guard let timestamp, m[0] == 0, let type = m[1] else { return }
      let time = Double(timestamp) + FITTime.epoch
      switch type {
      case 0: recording.timerEvents.append(RecordingTimerEvent(time: time, kind: .start))
      case 1, 4, 8, 9: recording.timerEvents.append(RecordingTimerEvent(time: time, kind: .stop))
      default: break
      }
    }

    private mutating func addRecord(_ m: Message, timestamp: UInt32?) {
      // A record without any time stamp cannot be placed in time; it is skipped.
      guard let timestamp else { return }
      let semicircle = 180.0 / 2_147_483_648.0
      var point = RecordingPoint(time: Double(timestamp) + FITTime.epoch)
      point.latitude = m[0].map { $0 * semicircle }
      point.longitude = m[1].map { $0 * semicircle }
      point.altitude = (m[78] ?? m[2]).map { $0 / 5 - 500 }
      point.heartRate = m[3]
      if let cadence = m[4] { point.cadence = cadence + (m[53] ?? 0) / 128 }
      point.distance = m[5].map { $0 / 100 }
      point.speed = (m[73] ?? m[6]).map { $0 / 1000 }
      point.power = m[7]
      recording.points.append(point)
    }

    private func summary(_ m: Message, lap: Bool) -> RecordingSummary {
      var s = RecordingSummary()
      s.startTime = m[2].map { $0 + FITTime.epoch }
      s.totalElapsedTime = m[7].map { $0 / 1000 }
      s.totalTimerTime = m[8].map { $0 / 1000 }
      s.totalDistance = m[9].map { $0 / 100 }
      s.totalCalories = m[11]
      if lap {
        s.averageSpeed = (m[110] ?? m[13]).map { $0 / 1000 }
        s.maximumSpeed = (m[111] ?? m[14]).map { $0 / 1000 }
        s.averageHeartRate = m[15]
        s.maximumHeartRate = m[16]
        s.averageCadence = m[17]
        s.maximumCadence = m[18]
        s.averagePower = m[19]
        s.totalAscent = m[21]
        s.totalDescent = m[22]
        s.sport = m[25].map(sportName)
      } else {
        s.sport = m[5].map(sportName)
        s.averageSpeed = (m[124] ?? m[14]).map { $0 / 1000 }
        s.maximumSpeed = (m[125] ?? m[15]).map { $0 / 1000 }
        s.averageHeartRate = m[16]
        s.maximumHeartRate = m[17]
        s.averageCadence = m[18]
        s.maximumCadence = m[19]
        s.averagePower = m[20]
        s.totalAscent = m[22]
        s.totalDescent = m[23]
      }
      return s
    }
  }
}
