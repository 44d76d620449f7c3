import Foundation
import WorkoutCore
import WorkoutRecordings

/// FIT activity export (FIT protocol 2.0, little-endian, no compressed headers): `file_id`
/// (type activity, manufacturer development 255), `device_info` (the creator), `event`
/// messages (timer start at the start and at each resume, timer stop at each pause by
/// HealthKit's rule, timer stop_all at the end), one `record` per distinct second with
/// samples (time stamps rounded to whole seconds; `position_lat`/`position_long` in
/// semicircles, `enhanced_altitude`, `distance` as the running total on records where a
/// distance sample ends, `heart_rate`, `cadence` (cycling cadence, rpm), `enhanced_speed`,
/// `power`), one `lap` per lap span, one `session` and one `activity`. The session's
/// `total_timer_time` is the record's `duration`, `total_distance` its `totalDistance`,
/// `total_calories` its `totalEnergyBurned` (rounded), heart rates from
/// `statistics.heartRate`, `total_ascent` from `metadata.HKElevationAscended`. The 14-byte
/// header carries its CRC and the file ends with the CRC of header and data.
enum FITWriter {
  /// A field's base type: size, base type byte and invalid raw value (FIT protocol table
  /// "Base Types").
  enum Base {
    case enumeration
    case uint8
    case uint16
    case uint32
    case sint32
    case uint32z

    var size: Int {
      switch self {
      case .enumeration, .uint8: return 1
      case .uint16: return 2
      case .uint32, .sint32, .uint32z: return 4
      }
    }
    var byte: UInt8 {
      switch self {
      case .enumeration: return 0x00
      case .uint8: return 0x02
      case .uint16: return 0x84
      case .uint32: return 0x86
      case .sint32: return 0x85
      case .uint32z: return 0x8C
      }
    }
    var invalid: UInt64 {
      switch self {
      case .enumeration, .uint8: return 0xFF
      case .uint16: return 0xFFFF
      case .uint32: return 0xFFFF_FFFF
      case .sint32: return 0x7FFF_FFFF
      case .uint32z: return 0
      }
    }
    /// Rounds and clamps to the valid range (the invalid value is excluded).
    func raw(_ value: Double?) -> UInt64 {
      guard let value, value.isFinite else { return invalid }
      let rounded = value.rounded()
      switch self {
      case .enumeration, .uint8: return UInt64(min(254, max(0, rounded)))
      case .uint16: return UInt64(min(65534, max(0, rounded)))
      case .uint32: return UInt64(min(4_294_967_294, max(0, rounded)))
      case .uint32z: return UInt64(min(4_294_967_295, max(1, rounded)))
      case .sint32:
        return UInt64(UInt32(bitPattern: Int32(min(2_147_483_646, max(-2_147_483_647, rounded)))))
      }
    }
  }

  struct Encoder {
    var data: [UInt8] = []

    mutating func define(local: UInt8, global: UInt16, _ fields: [(UInt8, Base)]) {
      data += [0x40 | local, 0, 0, UInt8(global & 0xFF), UInt8(global >> 8), UInt8(fields.count)]
      for (number, base) in fields { data += [number, UInt8(base.size), base.byte] }
    }

    mutating func message(local: UInt8, _ values: [(Base, Double?)]) {
      data.append(local)
      for (base, value) in values {
        var raw = base.raw(value)
        for _ in 0..<base.size {
          data.append(UInt8(raw & 0xFF))
          raw >>= 8
        }
      }
    }

    func file() -> [UInt8] {
      let size = UInt32(data.count)
      // Header: size 14, protocol 2.0 (0x20), profile version 21.32 (2132, little-endian).
      var bytes: [UInt8] = [14, 0x20, UInt8(2132 & 0xFF), UInt8(2132 >> 8)]
      bytes += [
        UInt8(size & 0xFF), UInt8(size >> 8 & 0xFF), UInt8(size >> 16 & 0xFF), UInt8(size >> 24),
      ]
      bytes += [0x2E, 0x46, 0x49, 0x54]  // ".FIT"
      let headerCRC = FITCRC.compute(bytes, 0..<12)
      bytes += [UInt8(headerCRC & 0xFF), UInt8(headerCRC >> 8)]
      bytes += data
      let crc = FITCRC.compute(bytes, 0..<bytes.count)
      bytes += [UInt8(crc & 0xFF), UInt8(crc >> 8)]
      return bytes
    }
  }
}
