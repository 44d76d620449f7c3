import SimulationDriver

// The watch's fixed description: the scenario describes no hardware and the engine models no
// battery, so each value is a project rule naming one watch, a 45 mm Apple Watch Series 9
// running watchOS 26 on the left wrist with its battery full and unplugged
// (docs/swift-api.md#watchkit).

extension WKInterfaceDevice {
  /// The screen's bounds in points (Apple doc:
  /// https://developer.apple.com/documentation/watchkit/wkinterfacedevice/screenbounds):
  /// `(0, 0, 198, 242)`, a 45 mm Series 7, 8 or 9 watch (a project rule: Apple's Human Interface
  /// Guidelines give this case 396 × 484 pixels at ``screenScale`` 2; one size for every run).
  public var screenBounds: CGRect { CGRect(x: 0, y: 0, width: 198, height: 242) }

  /// Pixels per point: 2 (Apple doc:
  /// https://developer.apple.com/documentation/watchkit/wkinterfacedevice/screenscale: "For
  /// Apple Watch, this value is 2.0").
  public var screenScale: CGFloat { 2 }

  /// The user's preferred text size, as UIKit's content size category name (Apple doc:
  /// https://developer.apple.com/documentation/watchkit/wkinterfacedevice/preferredcontentsizecategory):
  /// `"UICTContentSizeCategoryL"`, the default Large (a project rule: the simulated user keeps
  /// the default).
  public var preferredContentSizeCategory: String { "UICTContentSizeCategoryL" }

  /// The layout direction of the interface (Apple doc:
  /// https://developer.apple.com/documentation/watchkit/wkinterfacedevice/layoutdirection):
  /// ``WKInterfaceLayoutDirection/leftToRight`` (a project rule: the simulated watch's language
  /// is English).
  public var layoutDirection: WKInterfaceLayoutDirection { .leftToRight }

  /// Whether the app monitors the battery (Apple doc:
  /// https://developer.apple.com/documentation/watchkit/wkinterfacedevice/isbatterymonitoringenabled):
  /// `false` until the app sets it, for the simulation (the one watch); while `false`
  /// ``batteryLevel`` is −1 and ``batteryState`` ``WKInterfaceDeviceBatteryState/unknown``.
  public var isBatteryMonitoringEnabled: Bool {
    get {
      simulation.mutate { state in
        state.withExtension(WatchKitState.self, of: simulation) { watchKit, _ in
          watchKit.batteryMonitoring
        }
      }
    }
    set {
      simulation.mutate { state in
        state.withExtension(WatchKitState.self, of: simulation) { watchKit, _ in
          watchKit.batteryMonitoring = newValue
        }
      }
    }
  }

  /// The battery's charge from 0 (empty) to 1 (full) (Apple doc:
  /// https://developer.apple.com/documentation/watchkit/wkinterfacedevice/batterylevel): −1
  /// while ``isBatteryMonitoringEnabled`` is `false` (Apple: "-1.0" when the state is
  /// unknown), else 1 (a project rule: the engine models no battery, so the watch stays full).
  public var batteryLevel: Float { isBatteryMonitoringEnabled ? 1 : -1 }

  /// The battery's charging state (Apple doc:
  /// https://developer.apple.com/documentation/watchkit/wkinterfacedevice/batterystate):
  /// ``WKInterfaceDeviceBatteryState/unknown`` while ``isBatteryMonitoringEnabled`` is `false`
  /// (Apple), else ``WKInterfaceDeviceBatteryState/unplugged`` (a project rule: the watch is on
  /// the wrist, off its charger, during every run).
  public var batteryState: WKInterfaceDeviceBatteryState {
    isBatteryMonitoringEnabled ? .unplugged : .unknown
  }

  /// The wrist the user wears the watch on (Apple doc:
  /// https://developer.apple.com/documentation/watchkit/wkinterfacedevice/wristlocation):
  /// ``WKInterfaceDeviceWristLocation/left`` (a project rule: the setting the watch's setup
  /// offers first).
  public var wristLocation: WKInterfaceDeviceWristLocation { .left }

  /// The side of the Digital Crown from the user's view (Apple doc:
  /// https://developer.apple.com/documentation/watchkit/wkinterfacedevice/crownorientation):
  /// ``WKInterfaceDeviceCrownOrientation/right`` (a project rule, with ``wristLocation`` left:
  /// the setup's first choice).
  public var crownOrientation: WKInterfaceDeviceCrownOrientation { .right }

  /// The watch's water resistance (Apple doc:
  /// https://developer.apple.com/documentation/watchkit/wkinterfacedevice/waterresistancerating):
  /// ``WKWaterResistanceRating/wr50``, the rating of a Series 2 and later (a project rule: the
  /// simulated watch is a Series 9, the same `wr50` Water Lock assumes).
  public var waterResistanceRating: WKWaterResistanceRating { .wr50 }

  /// Whether the watch can stream audio (Apple doc:
  /// https://developer.apple.com/documentation/watchkit/wkinterfacedevice/supportsaudiostreaming):
  /// `true` (Apple: "Apple Watch Series 3 and later").
  public var supportsAudioStreaming: Bool { true }

  /// The watch's name (Apple doc:
  /// https://developer.apple.com/documentation/watchkit/wkinterfacedevice/name):
  /// `"Apple Watch"`, the name its samples' `HKSource` has (a project rule).
  public var name: String { "Apple Watch" }

  /// The model (Apple doc:
  /// https://developer.apple.com/documentation/watchkit/wkinterfacedevice/model):
  /// `"Apple Watch"` (Apple: "For Apple Watch, the value of this string is `Apple Watch`").
  public var model: String { "Apple Watch" }

  /// The model, localized (Apple doc:
  /// https://developer.apple.com/documentation/watchkit/wkinterfacedevice/localizedmodel):
  /// `"Apple Watch"` (the simulated watch's language is English).
  public var localizedModel: String { "Apple Watch" }

  /// The operating system's name (Apple doc:
  /// https://developer.apple.com/documentation/watchkit/wkinterfacedevice/systemname):
  /// `"watchOS"`.
  public var systemName: String { "watchOS" }

  /// The operating system's version (Apple doc:
  /// https://developer.apple.com/documentation/watchkit/wkinterfacedevice/systemversion):
  /// `"26.0"` (a project rule: the version of the SDK whose API the simulated frameworks
  /// follow).
  public var systemVersion: String { "26.0" }

  /// The watch's identifier for the app's vendor (Apple doc:
  /// https://developer.apple.com/documentation/watchkit/wkinterfacedevice/identifierforvendor):
  /// the same value on every call of a run, never `nil`; made from the scenario's `seed` (a
  /// project rule, so the same world gives the same bytes): `A7C45700-0000-4000-8000-` then the
  /// seed's low 48 bits as 12 hex digits, its bits 48 to 55 in the byte before them (seed 1:
  /// `A7C45700-0000-4000-8000-000000000001`).
  public var identifierForVendor: UUID? {
    let seed = simulation.scenario.seed
    func byte(_ index: UInt64) -> UInt8 { UInt8(truncatingIfNeeded: seed >> (8 * index)) }
    return UUID(
      uuid: (
        0xA7, 0xC4, 0x57, 0x00, 0x00, 0x00, 0x40, 0x00, 0x80, byte(6), byte(5), byte(4), byte(3),
        byte(2), byte(1), byte(0)
      ))
  }
}

/// The battery's charging state, with Apple's raw values (Apple doc:
/// https://developer.apple.com/documentation/watchkit/wkinterfacedevicebatterystate).
public enum WKInterfaceDeviceBatteryState: Int, Sendable, Hashable {
  /// Unknown: battery monitoring is off (raw value 0).
  case unknown = 0
  /// On battery, not connected to a charger (raw value 1).
  case unplugged = 1
  /// On a charger, below 100 % (raw value 2).
  case charging = 2
  /// On a charger, at 100 % (raw value 3).
  case full = 3
}

/// The wrist the user wears the watch on, with Apple's raw values (Apple doc:
/// https://developer.apple.com/documentation/watchkit/wkinterfacedevicewristlocation).
public enum WKInterfaceDeviceWristLocation: Int, Sendable, Hashable {
  /// The left wrist (raw value 0).
  case left = 0
  /// The right wrist (raw value 1).
  case right = 1
}

/// The side of the Digital Crown from the user's view, with Apple's raw values (Apple doc:
/// https://developer.apple.com/documentation/watchkit/wkinterfacedevicecrownorientation).
public enum WKInterfaceDeviceCrownOrientation: Int, Sendable, Hashable {
  /// The left side (raw value 0).
  case left = 0
  /// The right side (raw value 1).
  case right = 1
}

/// The watch's water-resistance rating, with Apple's raw values (Apple doc:
/// https://developer.apple.com/documentation/watchkit/wkwaterresistancerating; the values
/// count from 0 in the order Apple declares the cases).
public enum WKWaterResistanceRating: Int, Sendable, Hashable {
  /// IPX7: splash and water resistant, not for submersion (raw value 0).
  case ipx7 = 0
  /// Water resistant to 50 m (raw value 1).
  case wr50 = 1
  /// Water resistant to 100 m, the Ultra's (raw value 2; Apple: watchOS 9.0 and later).
  case wr100 = 2
}

/// The layout direction of the interface, with Apple's raw values (Apple doc:
/// https://developer.apple.com/documentation/watchkit/wkinterfacelayoutdirection).
public enum WKInterfaceLayoutDirection: Int, Sendable, Hashable {
  /// Left to right (raw value 0).
  case leftToRight = 0
  /// Right to left (raw value 1).
  case rightToLeft = 1
}
