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
///   (FIT profile type `file`: settings, weight, …) when there is one. A file whose only
///   timed messages are `length` messages (a pool swim without records) gets a point at each
///   length's start and end instead (docs/recordings.md, "Pool swims").
///
/// Components and accumulated fields (FIT SDK profile, Profile.xlsx, the Messages sheet's
/// `components`, `bits`, `scale` and `accumulate` columns; https://developer.garmin.com/fit/):
/// a field with components is split into bit fields, low bits first, each written into its
/// destination field in the destination's units, unless the message carries that field itself.
/// An accumulated component counts on with rollover: with `b` bits,
/// `total += (value − last) mod 2^b`, from 0 at the start of each chained file, and a message
/// that carries the destination field itself sets the total to that value. The table is
/// ``components``; the profile's other components in the messages read here only widen a field
/// (`altitude` → `enhanced_altitude`, `speed` → `enhanced_speed`), which the builder reads as the
/// fallback of the enhanced field.
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
    /// The fields that have components in ``components`` (usually none).
    var expanded: [Field] = []
    /// The accumulated destinations (field number, component factor) the definition carries
    /// itself: each sets its running total (a `record`'s `distance`).
    var resets: [(number: UInt8, factor: Double)] = []
  }

  /// One component of a field (FIT SDK profile, Messages sheet): `bits` bits of the field, after
  /// the bits of the components before it, into field `destination` of the same message. The
  /// component's value in its own units (`scale`) becomes the destination's raw value times
  /// `factor` (the destination's scale over the component's); `accumulate` counts on with
  /// rollover across messages.
  struct Component {
    var destination: UInt8
    var bits: Int
    var factor: Double
    var accumulate: Bool
  }

  /// The components the reader expands, by global message number and field number (FIT SDK
  /// profile, Messages sheet):
  /// - `record` (20) `compressed_speed_distance` (8, `byte[3]`): 12 bits of `speed` (field 6) in
  ///   1/100 m/s (field scale 1000: factor 10) and 12 bits of accumulated `distance` (field 5)
  ///   in 1/16 m (field scale 100: factor 6.25), 4096 / 16 = 256 m per rollover;
  /// - `record` `cycles` (18, `uint8`): 8 bits of accumulated `total_cycles` (19);
  /// - `record` `compressed_accumulated_power` (28, `uint16`): 16 bits of accumulated
  ///   `accumulated_power` (29), W;
  /// - `event` (21) `data16` (2, `uint16`): 16 bits of `data` (3).
  static let components: [UInt16: [UInt8: [Component]]] = [
    20: [
      8: [
        Component(destination: 6, bits: 12, factor: 10, accumulate: false),
        Component(destination: 5, bits: 12, factor: 6.25, accumulate: true),
      ],
      18: [Component(destination: 19, bits: 8, factor: 1, accumulate: true)],
      28: [Component(destination: 29, bits: 16, factor: 1, accumulate: true)],
    ],
    21: [2: [Component(destination: 3, bits: 16, factor: 1, accumulate: false)]],
  ]

  /// The running totals of accumulated components in one chained file, by global message number
  /// and destination field (`global << 8 | destination`): the total and the last value, in the
  /// component's units. A handful at most, searched in order. The first value of a key counts
  /// from 0 (the FIT SDK's accumulator starts at 0).
  struct Accumulators {
    var keys: [UInt32] = []
    var totals: [UInt64] = []
    var lasts: [UInt64] = []

    /// Adds `value` (`bits` bits) to the total of `key` with rollover; returns the new total.
    mutating func accumulate(_ key: UInt32, _ value: UInt64, bits: Int) -> UInt64 {
      let mask: UInt64 = bits >= 64 ? .max : (1 << UInt64(bits)) - 1
      guard let index = keys.firstIndex(of: key) else {
        keys.append(key)
        totals.append(value & mask)
        lasts.append(value)
        return value & mask
      }
      totals[index] &+= (value &- lasts[index]) & mask
      lasts[index] = value
      return totals[index]
    }

    /// Sets the total (and the last value) of `key`: a message carried the destination itself.
    mutating func set(_ key: UInt32, _ total: UInt64) {
      guard let index = keys.firstIndex(of: key) else {
        keys.append(key)
        totals.append(total)
        lasts.append(total)
        return
      }
      totals[index] = total
      lasts[index] = total
    }
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
    if builder.recording.points.isEmpty {
      // A pool swim without records: a point at each length's start and end.
      var times: [Double] = []
      for length in builder.recording.lengths {
        times.append(length.startTime)
        times.append(length.startTime + length.elapsedTime)
      }
      var last = -Double.infinity
      for time in times.sorted() where time > last {
        builder.recording.points.append(RecordingPoint(time: time))
        last = time
      }
    }
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
    var accumulators = Accumulators()
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
        if !definition.expanded.isEmpty || !definition.resets.isEmpty {
          expand(bytes, at: position, definition, into: &message, accumulators: &accumulators)
        }
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
        var definition = Definition(
          global: global, bigEndian: bigEndian, fields: fields, size: size)
        if let table = components[global] {
          definition.expanded = fields.filter { table[$0.number] != nil }
          for list in table.values {
            for component in list
            where component.accumulate
              && fields.contains(where: { $0.number == component.destination })
            {
              definition.resets.append((component.destination, component.factor))
            }
          }
          definition.resets.sort { $0.number < $1.number }
        }
        definitions[local] = definition
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
        if !definition.expanded.isEmpty || !definition.resets.isEmpty {
          expand(bytes, at: position, definition, into: &message, accumulators: &accumulators)
        }
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

  /// Resets the slots a message of `definition` may have set (its fields and the destinations
  /// of their components).
  private static func clear(_ message: inout Message, _ definition: Definition) {
    for field in definition.fields { message.values[Int(field.number)] = .nan }
    guard !definition.expanded.isEmpty, let table = components[definition.global] else { return }
    for field in definition.expanded {
      for component in table[field.number] ?? [] {
        message.values[Int(component.destination)] = .nan
      }
    }
  }

  /// Expands the components of a message's fields (``components``) into their destination
  /// fields, and sets the totals of accumulated destinations the message carries itself.
  ///
  /// A scalar field's components come from its value (its absent, invalid value has none); an
  /// array's (`compressed_speed_distance` is `byte[3]`) from its bytes in file order, low bits
  /// first, at most 8 bytes, none when every byte is 0xFF (the invalid byte array); a component
  /// whose bits run past the field's is left out. A destination the message carries itself
  /// keeps its own value.
  private static func expand(
    _ bytes: [UInt8], at start: Int, _ definition: Definition, into message: inout Message,
    accumulators: inout Accumulators
  ) {
    let global = UInt32(definition.global) << 8
    // A destination carried itself sets the running total (in the component's units).
    for (number, factor) in definition.resets {
      guard let own = message[number], own >= 0,
        let total = UInt64(exactly: (own / factor).rounded())
      else { continue }
      accumulators.set(global | UInt32(number), total)
    }
    guard !definition.expanded.isEmpty, let table = components[definition.global] else { return }
    var expanded: [(UInt8, Double)] = []
    for field in definition.expanded {
      guard let list = table[field.number] else { continue }
      var raw: UInt64 = 0
      var available = 0
      if let value = message[field.number] {
        // A scalar read by `read` (in the file's byte order).
        guard let whole = UInt64(exactly: value) else { continue }
        raw = whole
        available = field.size * 8
      } else {
        let base = Int(field.baseType & 0x1F)
        let isScalar = base < baseSizes.count && baseSizes[base] == field.size
        guard !isScalar, field.size > 0 else { continue }
        let count = min(field.size, 8)
        let offset = start + field.offset
        var allInvalid = true
        for i in 0..<count {
          let byte = bytes[offset + i]
          if byte != 0xFF { allInvalid = false }
          raw |= UInt64(byte) << UInt64(8 * i)
        }
        guard !allInvalid else { continue }
        available = count * 8
      }
      var shift = 0
      for component in list {
        guard shift + component.bits <= available else { break }
        let mask: UInt64 = component.bits >= 64 ? .max : (1 << UInt64(component.bits)) - 1
        var value = (raw >> UInt64(shift)) & mask
        shift += component.bits
        if component.accumulate {
          value = accumulators.accumulate(
            global | UInt32(component.destination), value, bits: component.bits)
        }
        expanded.append((component.destination, Double(value) * component.factor))
      }
    }
    for (destination, value) in expanded where message[destination] == nil {
      message.values[Int(destination)] = value
    }
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

  /// FIT `swim_stroke` enum names (FIT SDK profile, type `swim_stroke`).
  static let swimStrokeNames: [Int: String] = [
    0: "freestyle", 1: "backstroke", 2: "breaststroke", 3: "butterfly", 4: "drill", 5: "mixed",
    6: "im",
  ]

  /// The profile name of a `swim_stroke` value, or its number.
  static func swimStrokeName(_ value: Double) -> String {
    guard let number = Int(exactly: value) else { return String(value) }
    return swimStrokeNames[number] ?? String(number)
  }

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
      case 101: addLength(m, timestamp: timestamp)
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

    /// A FIT `length` message (101; FIT SDK profile, message `length`): `start_time` (field 2),
    /// `total_elapsed_time` (3, s × 1000), `total_strokes` (5), `swim_stroke` (7, type
    /// `swim_stroke`), `length_type` (12: 0 idle, 1 active). Without `start_time` the length
    /// starts at its time stamp less its elapsed time; without either, or without a finite
    /// elapsed time of 0 or more, it is left out.
    private mutating func addLength(_ m: Message, timestamp: UInt32?) {
      guard let elapsed = m[3].map({ $0 / 1000 }), elapsed.isFinite, elapsed >= 0 else { return }
      let start: Double
      if let value = m[2], value.isFinite {
        start = value + FITTime.epoch
      } else if let timestamp {
        start = Double(timestamp) + FITTime.epoch - elapsed
      } else {
        return
      }
      recording.lengths.append(
        RecordingLength(
          startTime: start, elapsedTime: elapsed, isIdle: m[12] == 0,
          strokes: m[5], stroke: m[7].map(swimStrokeName)))
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
        s.lengthCount = m[32].flatMap { Int(exactly: $0) }
        s.activeLengthCount = m[40].flatMap { Int(exactly: $0) }
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
        s.lengthCount = m[33].flatMap { Int(exactly: $0) }
        s.activeLengthCount = m[47].flatMap { Int(exactly: $0) }
        s.poolLength = m[44].map { $0 / 100 }
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
