import Foundation
import SimulationDriver
import WorkoutCore
import WorkoutPhysiology
import WorkoutSimulation
import WorkoutSystem

/// The handler of accelerometer updates (Apple doc:
/// https://developer.apple.com/documentation/coremotion/cmaccelerometerhandler).
public typealias CMAccelerometerHandler = (CMAccelerometerData?, (any Error)?) -> Void
/// The handler of gyroscope updates (Apple doc:
/// https://developer.apple.com/documentation/coremotion/cmgyrohandler).
public typealias CMGyroHandler = (CMGyroData?, (any Error)?) -> Void
/// The handler of device-motion updates (Apple doc:
/// https://developer.apple.com/documentation/coremotion/cmdevicemotionhandler).
public typealias CMDeviceMotionHandler = (CMDeviceMotion?, (any Error)?) -> Void
/// The handler of magnetometer updates (Apple doc:
/// https://developer.apple.com/documentation/coremotion/cmmagnetometerhandler).
public typealias CMMagnetometerHandler = (CMMagnetometerData?, (any Error)?) -> Void

/// The motion sensors of the device whose code makes it (Apple doc:
/// https://developer.apple.com/documentation/coremotion/cmmotionmanager): the wrist motion
/// model's accelerometer, gyroscope and device motion on virtual time
/// (docs/swift-api.md#motion-sensors, docs/models.md#wrist-motion).
///
/// What the devices have: the accelerometer, the gyroscope and device motion on both (Apple:
/// device motion "is available if a device has both an accelerometer and a gyroscope", so
/// ``isDeviceMotionAvailable`` and ``isGyroAvailable`` agree,
/// https://developer.apple.com/documentation/coremotion/cmmotionmanager/isdevicemotionavailable);
/// a magnetometer on both (every iPhone, and Apple Watch from Series 5: the simulated watch is a
/// Series 9), reading the WMM2025 model of the Earth's field (docs/models.md#magnetic-field), so
/// all four attitude frames are available; a scenario's `motion.magnetometer: false` makes the
/// watch one without a magnetometer (an Apple Watch Series 4 or earlier): then only
/// ``CMAttitudeReferenceFrame/xArbitraryZVertical`` is available in the watch's code and a
/// start in another frame starts nothing and reports ``CMErrorNotAvailable``.
/// A freed manager's handlers are called no more, as on a device: keep the manager in a
/// property for as long as the updates are wanted.
///
/// Push updates (`start…Updates(to:withHandler:)`) come every update interval of virtual time
/// from the start, the first one interval after it, each the model's reading at its own
/// instant, timestamped with the instant's seconds. Pull updates (`start…Updates()`) keep the
/// latest reading of that grid in ``accelerometerData``, ``gyroData`` and ``deviceMotion``,
/// computed when read. None while the watch app is suspended or not running, none queued for
/// later (the next comes at the grid's next instant; meanwhile virtual time makes no stop for
/// them), and a crash of the watch app ends the watch's updates, as the altimeter's; the
/// phone's come whatever the phone app does (as the altimeter's and the pedometer's). Apple runs the handler on the queue given: with
/// `OperationQueue.main` it runs on the main actor, with any other queue in the simulation's
/// callback lane, in order either way (docs/swift-api.md#core-motion). No Motion & Fitness
/// permission is needed (Apple asks none for the raw sensors).
open class CMMotionManager: NSObject {
  weak var simulation: AppSimulation?
  let device: AppSimulation.Device
  /// The start of each running kind of update (the grid's origin) and its interval.
  private var running: [MotionSensorKind: (start: SimulationInstant, interval: Duration)] = [:]
  private var storedAccelerometerInterval = CMMotionManager.defaultInterval
  private var storedGyroInterval = CMMotionManager.defaultInterval
  private var storedDeviceMotionInterval = CMMotionManager.defaultInterval
  private var storedMagnetometerInterval = CMMotionManager.defaultInterval
  /// Records this manager's freeing, so its push updates end (``FreedObjectRecorder``).
  private let freedRecorder = FreedObjectRecorder()

  /// A motion manager of the current simulation, for the device whose code makes it (the
  /// watch outside `simulation.on(_:)`); traps outside a simulation's `run`.
  public override init() {
    simulation = AppSimulation.requireCurrent("CMMotionManager()")
    device = AppSimulation.device
    super.init()
  }

  /// The interval a new manager starts with, 0.01 s (a project rule: Apple documents no
  /// default).
  public static let defaultInterval: TimeInterval = 0.01
  /// The shortest interval, 0.01 s: 100 Hz, the most the devices' motion manager delivers
  /// (Apple: the interval "is capped to minimum and maximum values; the maximum value is
  /// determined by the maximum frequency supported by the hardware",
  /// https://developer.apple.com/documentation/coremotion/cmmotionmanager/accelerometerupdateinterval;
  /// 100 Hz is the figure Apple's motion-event guidance gives as the top rate). Longer
  /// intervals are kept as set up to a day (86 400 s).
  public static let minimumInterval: TimeInterval = 0.01
  /// The longest interval, 86 400 s (a day; a project rule: Apple publishes no maximum, and an
  /// `.infinity` interval, `1 / hz` with `hz` 0, must not trap).
  static let maximumInterval: TimeInterval = 86_400

  /// `value` capped to ``minimumInterval`` (a NaN too) and ``maximumInterval``.
  static func capped(_ value: TimeInterval) -> TimeInterval {
    value >= minimumInterval ? min(value, maximumInterval) : minimumInterval
  }

  // MARK: Accelerometer

  /// The interval between accelerometer updates, s, capped at ``minimumInterval`` (Apple doc:
  /// https://developer.apple.com/documentation/coremotion/cmmotionmanager/accelerometerupdateinterval);
  /// a change takes effect at the next start (a project rule).
  open var accelerometerUpdateInterval: TimeInterval {
    get { storedAccelerometerInterval }
    set { storedAccelerometerInterval = Self.capped(newValue) }
  }
  /// `true`: both devices have an accelerometer (Apple doc:
  /// https://developer.apple.com/documentation/coremotion/cmmotionmanager/isaccelerometeravailable).
  open var isAccelerometerAvailable: Bool { true }
  /// Whether accelerometer updates run (Apple doc:
  /// https://developer.apple.com/documentation/coremotion/cmmotionmanager/isaccelerometeractive).
  open var isAccelerometerActive: Bool { running[.accelerometer] != nil }
  /// The latest accelerometer reading since ``startAccelerometerUpdates()``, `nil` before the
  /// first (one interval after the start) and when none run (Apple doc:
  /// https://developer.apple.com/documentation/coremotion/cmmotionmanager/accelerometerdata).
  open var accelerometerData: CMAccelerometerData? {
    latest(.accelerometer).map {
      CMAccelerometerData(
        acceleration: CMAcceleration($0.sample.acceleration), timestamp: $0.timestamp)
    }
  }
  /// Starts accelerometer updates without a handler: read ``accelerometerData`` (Apple doc:
  /// https://developer.apple.com/documentation/coremotion/cmmotionmanager/startaccelerometerupdates()).
  open func startAccelerometerUpdates() { startPull(.accelerometer) }
  /// Starts accelerometer updates to `handler` every ``accelerometerUpdateInterval`` (Apple
  /// doc:
  /// https://developer.apple.com/documentation/coremotion/cmmotionmanager/startaccelerometerupdates(to:withhandler:)).
  /// Calling it again replaces the handler and starts the grid over.
  ///
  /// - Parameters:
  ///   - queue: `OperationQueue.main` runs the handler on the main actor; any other queue, in
  ///     the callback lane (see the type's notes).
  ///   - handler: called with each reading (never with an error).
  open func startAccelerometerUpdates(
    to queue: OperationQueue, withHandler handler: @escaping CMAccelerometerHandler
  ) {
    startPush(
      .accelerometer(UncheckedBox(handler)), queue: queue,
      call: CallInFlight(function: #function, fileID: #fileID, owner: "CMMotionManager"))
  }
  /// Stops accelerometer updates; does nothing when none run (Apple doc:
  /// https://developer.apple.com/documentation/coremotion/cmmotionmanager/stopaccelerometerupdates()).
  open func stopAccelerometerUpdates() { stop(.accelerometer) }

  // MARK: Gyroscope

  /// The interval between gyroscope updates, s, capped as ``accelerometerUpdateInterval``
  /// (Apple doc: https://developer.apple.com/documentation/coremotion/cmmotionmanager/gyroupdateinterval).
  open var gyroUpdateInterval: TimeInterval {
    get { storedGyroInterval }
    set { storedGyroInterval = Self.capped(newValue) }
  }
  /// `true`: both devices have a gyroscope, as device motion needs (see the type's notes;
  /// Apple doc: https://developer.apple.com/documentation/coremotion/cmmotionmanager/isgyroavailable).
  open var isGyroAvailable: Bool { true }
  /// Whether gyroscope updates run (Apple doc:
  /// https://developer.apple.com/documentation/coremotion/cmmotionmanager/isgyroactive).
  open var isGyroActive: Bool { running[.gyro] != nil }
  /// The latest gyroscope reading since ``startGyroUpdates()``, as ``accelerometerData``
  /// (Apple doc: https://developer.apple.com/documentation/coremotion/cmmotionmanager/gyrodata).
  open var gyroData: CMGyroData? {
    latest(.gyro).map {
      CMGyroData(
        rotationRate: CMRotationRate($0.sample.measuredRotationRate), timestamp: $0.timestamp)
    }
  }
  /// Starts gyroscope updates without a handler: read ``gyroData`` (Apple doc:
  /// https://developer.apple.com/documentation/coremotion/cmmotionmanager/startgyroupdates()).
  open func startGyroUpdates() { startPull(.gyro) }
  /// Starts gyroscope updates to `handler` every ``gyroUpdateInterval`` (Apple doc:
  /// https://developer.apple.com/documentation/coremotion/cmmotionmanager/startgyroupdates(to:withhandler:)),
  /// as ``startAccelerometerUpdates(to:withHandler:)``.
  open func startGyroUpdates(to queue: OperationQueue, withHandler handler: @escaping CMGyroHandler)
  {
    startPush(
      .gyro(UncheckedBox(handler)), queue: queue,
      call: CallInFlight(function: #function, fileID: #fileID, owner: "CMMotionManager"))
  }
  /// Stops gyroscope updates (Apple doc:
  /// https://developer.apple.com/documentation/coremotion/cmmotionmanager/stopgyroupdates()).
  open func stopGyroUpdates() { stop(.gyro) }

  // MARK: Magnetometer

  /// The interval between magnetometer updates, s, capped as ``accelerometerUpdateInterval``
  /// (Apple doc:
  /// https://developer.apple.com/documentation/coremotion/cmmotionmanager/magnetometerupdateinterval).
  open var magnetometerUpdateInterval: TimeInterval {
    get { storedMagnetometerInterval }
    set { storedMagnetometerInterval = Self.capped(newValue) }
  }
  /// `true` on both devices, `false` in the watch's code with the scenario's
  /// `motion.magnetometer: false` (see the type's notes; Apple doc:
  /// https://developer.apple.com/documentation/coremotion/cmmotionmanager/ismagnetometeravailable).
  open var isMagnetometerAvailable: Bool { hasMagnetometer }
  /// Whether magnetometer updates run (Apple doc:
  /// https://developer.apple.com/documentation/coremotion/cmmotionmanager/ismagnetometeractive).
  open var isMagnetometerActive: Bool { running[.magnetometer] != nil }
  /// The latest magnetometer reading since ``startMagnetometerUpdates()``, as
  /// ``accelerometerData``: the raw field, the Earth's field in the device frame plus the
  /// device's hard-iron bias, µT (Apple doc:
  /// https://developer.apple.com/documentation/coremotion/cmmotionmanager/magnetometerdata;
  /// docs/models.md#magnetic-field).
  open var magnetometerData: CMMagnetometerData? {
    latest(.magnetometer).map {
      CMMagnetometerData(
        magneticField: CMMagneticField($0.magnetic?.raw ?? .zero), timestamp: $0.timestamp)
    }
  }
  /// Starts magnetometer updates without a handler: read ``magnetometerData`` (Apple doc:
  /// https://developer.apple.com/documentation/coremotion/cmmotionmanager/startmagnetometerupdates());
  /// does nothing on a device without a magnetometer, as there.
  open func startMagnetometerUpdates() {
    guard hasMagnetometer else { return }
    startPull(.magnetometer)
  }
  /// Starts magnetometer updates to `handler` every ``magnetometerUpdateInterval`` (Apple doc:
  /// https://developer.apple.com/documentation/coremotion/cmmotionmanager/startmagnetometerupdates(to:withhandler:)),
  /// as ``startAccelerometerUpdates(to:withHandler:)``; on a device without a magnetometer it
  /// does nothing and never calls `handler`, as there (check ``isMagnetometerAvailable``).
  open func startMagnetometerUpdates(
    to queue: OperationQueue, withHandler handler: @escaping CMMagnetometerHandler
  ) {
    guard hasMagnetometer else { return }
    startPush(
      .magnetometer(UncheckedBox(handler)), queue: queue,
      call: CallInFlight(function: #function, fileID: #fileID, owner: "CMMotionManager"))
  }
  /// Stops magnetometer updates (Apple doc:
  /// https://developer.apple.com/documentation/coremotion/cmmotionmanager/stopmagnetometerupdates()).
  open func stopMagnetometerUpdates() { stop(.magnetometer) }

  /// Whether this manager's device has a magnetometer (``CoreMotionState/hasMagnetometer(_:on:)``).
  private var hasMagnetometer: Bool {
    guard let simulation else { return true }
    return CoreMotionState.hasMagnetometer(simulation.scenario, on: device)
  }

  // MARK: Device motion

  /// The interval between device-motion updates, s, capped as ``accelerometerUpdateInterval``
  /// (Apple doc:
  /// https://developer.apple.com/documentation/coremotion/cmmotionmanager/devicemotionupdateinterval).
  open var deviceMotionUpdateInterval: TimeInterval {
    get { storedDeviceMotionInterval }
    set { storedDeviceMotionInterval = Self.capped(newValue) }
  }
  /// `true`: both devices fuse their sensors (Apple doc:
  /// https://developer.apple.com/documentation/coremotion/cmmotionmanager/isdevicemotionavailable).
  open var isDeviceMotionAvailable: Bool { true }
  /// Whether device-motion updates run (Apple doc:
  /// https://developer.apple.com/documentation/coremotion/cmmotionmanager/isdevicemotionactive).
  open var isDeviceMotionActive: Bool { running[.deviceMotion] != nil }
  /// The frame of the running device-motion updates, ``CMAttitudeReferenceFrame/xArbitraryZVertical``
  /// when none run or started without one (Apple doc:
  /// https://developer.apple.com/documentation/coremotion/cmmotionmanager/attitudereferenceframe).
  open private(set) var attitudeReferenceFrame: CMAttitudeReferenceFrame = .xArbitraryZVertical
  /// Whether the device may show its calibration interface (Apple doc:
  /// https://developer.apple.com/documentation/coremotion/cmmotionmanager/showsdevicemovementdisplay):
  /// kept, never shown (a project rule: the simulated magnetometer is calibrated from the
  /// start, docs/models.md#magnetic-field).
  open var showsDeviceMovementDisplay = false
  /// The latest device-motion reading since ``startDeviceMotionUpdates()``, as
  /// ``accelerometerData`` (Apple doc:
  /// https://developer.apple.com/documentation/coremotion/cmmotionmanager/devicemotion).
  open var deviceMotion: CMDeviceMotion? {
    let frame = attitudeReferenceFrame
    return latest(.deviceMotion).map {
      CMDeviceMotion(
        sample: $0.sample, magnetic: $0.magnetic, frame: frame, timestamp: $0.timestamp)
    }
  }
  /// The frames device motion can use on the device whose code calls it (Apple doc:
  /// https://developer.apple.com/documentation/coremotion/cmmotionmanager/availableattitudereferenceframes()):
  /// all four, ``CMAttitudeReferenceFrame/xArbitraryZVertical``,
  /// ``CMAttitudeReferenceFrame/xArbitraryCorrectedZVertical``,
  /// ``CMAttitudeReferenceFrame/xMagneticNorthZVertical`` and
  /// ``CMAttitudeReferenceFrame/xTrueNorthZVertical``, on a device with a magnetometer (both
  /// simulated devices, and outside a simulation); only
  /// ``CMAttitudeReferenceFrame/xArbitraryZVertical`` in the watch's code with the scenario's
  /// `motion.magnetometer: false` (Apple: the other three need a magnetometer,
  /// https://developer.apple.com/documentation/coremotion/cmattitudereferenceframe). Outside
  /// every run's task tree while runs it cannot be attributed to are in progress (several at
  /// once, or after several ran at once in the process), a trap with what to write instead
  /// (docs/swift-api.md#traps).
  open class func availableAttitudeReferenceFrames() -> CMAttitudeReferenceFrame {
    guard
      let simulation = AppSimulation.quietReadSimulation(
        "CMMotionManager.availableAttitudeReferenceFrames()")
    else {
      return frames(magnetometer: true)
    }
    return frames(
      magnetometer: CoreMotionState.hasMagnetometer(simulation.scenario, on: AppSimulation.device))
  }

  /// The frames of a device with or without a magnetometer (see
  /// ``availableAttitudeReferenceFrames()``).
  private static func frames(magnetometer: Bool) -> CMAttitudeReferenceFrame {
    guard magnetometer else { return .xArbitraryZVertical }
    return [
      .xArbitraryZVertical, .xArbitraryCorrectedZVertical, .xMagneticNorthZVertical,
      .xTrueNorthZVertical,
    ]
  }
  /// Starts device-motion updates without a handler in the default frame (Apple doc:
  /// https://developer.apple.com/documentation/coremotion/cmmotionmanager/startdevicemotionupdates()).
  open func startDeviceMotionUpdates() {
    attitudeReferenceFrame = .xArbitraryZVertical
    startPull(.deviceMotion)
  }
  /// Starts device-motion updates without a handler in `referenceFrame` (Apple doc:
  /// https://developer.apple.com/documentation/coremotion/cmmotionmanager/startdevicemotionupdates(using:)).
  /// A frame not in ``availableAttitudeReferenceFrames()`` (one that needs the magnetometer a
  /// watch without one lacks) starts nothing: device motion stops, ``deviceMotion`` stays `nil`
  /// and a `notDelivered` warning report names the available frames (a project rule: Apple
  /// leaves the frame to the caller, and the pull form has no error path;
  /// docs/swift-api.md#motion-sensors).
  open func startDeviceMotionUpdates(using referenceFrame: CMAttitudeReferenceFrame) {
    guard isAvailable(referenceFrame) else {
      refuse(referenceFrame, handler: nil, mainQueue: false, call: #function)
      return
    }
    attitudeReferenceFrame = referenceFrame
    startPull(.deviceMotion)
  }
  /// Starts device-motion updates to `handler` every ``deviceMotionUpdateInterval`` in the
  /// default frame (Apple doc:
  /// https://developer.apple.com/documentation/coremotion/cmmotionmanager/startdevicemotionupdates(to:withhandler:)).
  open func startDeviceMotionUpdates(
    to queue: OperationQueue, withHandler handler: @escaping CMDeviceMotionHandler
  ) {
    attitudeReferenceFrame = .xArbitraryZVertical
    startPush(
      .deviceMotion(UncheckedBox(handler), .xArbitraryZVertical), queue: queue,
      call: CallInFlight(function: #function, fileID: #fileID, owner: "CMMotionManager"))
  }
  /// Starts device-motion updates to `handler` in `referenceFrame` (Apple doc:
  /// https://developer.apple.com/documentation/coremotion/cmmotionmanager/startdevicemotionupdates(using:to:withhandler:)).
  ///
  /// A frame not in ``availableAttitudeReferenceFrames()`` (one that needs the magnetometer a
  /// watch without one lacks) starts nothing: device motion stops and `handler` is called once,
  /// on `queue` as a reading would be, with `nil` and an `NSError` of ``CMErrorDomain`` code
  /// ``CMErrorNotAvailable`` (109, "The requested service isn't available on this device")
  /// whose message names ``availableAttitudeReferenceFrames()`` (a project rule: Apple leaves
  /// the frame to the caller and publishes no error for an unavailable one;
  /// docs/swift-api.md#motion-sensors).
  open func startDeviceMotionUpdates(
    using referenceFrame: CMAttitudeReferenceFrame, to queue: OperationQueue,
    withHandler handler: @escaping CMDeviceMotionHandler
  ) {
    guard isAvailable(referenceFrame) else {
      refuse(
        referenceFrame, handler: handler, mainQueue: CoreMotionTimer.isMain(queue),
        call: #function)
      return
    }
    attitudeReferenceFrame = referenceFrame
    startPush(
      .deviceMotion(UncheckedBox(handler), referenceFrame), queue: queue,
      call: CallInFlight(function: #function, fileID: #fileID, owner: "CMMotionManager"))
  }
  /// Stops device-motion updates (Apple doc:
  /// https://developer.apple.com/documentation/coremotion/cmmotionmanager/stopdevicemotionupdates()).
  open func stopDeviceMotionUpdates() { stop(.deviceMotion) }

  /// Whether `frame` is one of this manager's device's frames
  /// (``availableAttitudeReferenceFrames()``).
  private func isAvailable(_ frame: CMAttitudeReferenceFrame) -> Bool {
    let available = Self.frames(magnetometer: hasMagnetometer)
    return !available.intersection(frame).isEmpty && available.isSuperset(of: frame)
  }

  /// Refuses a device-motion start in `frame`, not available (see
  /// ``startDeviceMotionUpdates(using:to:withHandler:)``): device motion stops; `handler` gets
  /// the error once in the lane (on the main actor when `mainQueue`), or without a handler a
  /// `notDelivered` warning is reported.
  private func refuse(
    _ frame: CMAttitudeReferenceFrame, handler: CMDeviceMotionHandler?, mainQueue: Bool,
    call: String
  ) {
    stop(.deviceMotion)
    guard let simulation else { return }
    let message =
      "CMMotionManager.\(call) with the frame \(frame.rawValue) started nothing: this watch has no magnetometer (the scenario's motion.magnetometer is false: an Apple Watch Series 4 or earlier), so CMMotionManager.availableAttitudeReferenceFrames() holds only .xArbitraryZVertical; check availableAttitudeReferenceFrames().contains(frame) before starting and fall back to .xArbitraryZVertical, as on a device without a magnetometer (docs/swift-api.md#motion-sensors)"
    guard let handler else {
      let reports = simulation.mutate { state in
        simulation.keepReports(
          .notDelivered, [message], framework: "CoreMotion", call: "CMMotionManager.\(call)",
          in: &state)
      }
      reports.forEach(AppSimulation.writeToStandardError)
      return
    }
    let box = UncheckedBox(handler)
    let error = UncheckedBox(CMErrorNotAvailable.error(description: message))
    let callback = CoreMotionTimer.call(on: device, mainQueue: mainQueue) {
      box.value(nil, error.value)
    }
    simulation.mutate { state in
      state.enqueue([callback])
      state.turnDue = true
    }
  }

  // MARK: Registration

  /// The interval of `kind`, as a duration (rounded to the nanosecond).
  private func interval(of kind: MotionSensorKind) -> Duration {
    let seconds: TimeInterval
    switch kind {
    case .accelerometer: seconds = storedAccelerometerInterval
    case .gyro: seconds = storedGyroInterval
    case .deviceMotion: seconds = storedDeviceMotionInterval
    case .magnetometer: seconds = storedMagnetometerInterval
    }
    return .nanoseconds(Int64((seconds * 1e9).rounded()))
  }

  /// Starts `kind` without a handler: the grid from now.
  private func startPull(_ kind: MotionSensorKind) {
    guard let simulation else { return }
    let now = simulation.clock.now
    stop(kind)
    running[kind] = (now, interval(of: kind))
  }

  /// Registers `handler` (replacing this manager's of its kind) on a grid from now, owed by the
  /// public call `call` (``AppSimulation/registerMotionUpdates(call:_:)``).
  private func startPush(
    _ handler: CoreMotionState.SensorUpdates.Handler, queue: OperationQueue, call: CallInFlight
  ) {
    guard let simulation else { return }
    let key = ObjectIdentifier(self)
    let kind = handler.kind
    let device = self.device
    let interval = interval(of: kind)
    let mainQueue = CoreMotionTimer.isMain(queue)
    var start = SimulationInstant.zero
    // The replaced handler is released after the lock (``stop(_:)``).
    stop(kind)
    simulation.registerMotionUpdates(call: call, owner: (key, freedRecorder)) { motion, state in
      motion.prepareWrist(&state)
      if handler.usesMagnetometer { motion.prepareAltitude(&state) }
      start = state.session.now
      motion.sensors.append(
        (
          key,
          CoreMotionState.SensorUpdates(
            device: device, generation: state.processGeneration(of: device), handler: handler,
            mainQueue: mainQueue, interval: interval, next: start.advanced(by: interval))
        ))
    }
    running[kind] = (start, interval)
  }

  /// Ends `kind`'s updates, pushed or pulled (the handler released after the lock).
  private func stop(_ kind: MotionSensorKind) {
    running[kind] = nil
    guard let simulation else { return }
    let key = ObjectIdentifier(self)
    simulation.takeMotionUpdates { motion, removed in
      let mine = { (entry: (key: ObjectIdentifier, updates: CoreMotionState.SensorUpdates)) in
        entry.key == key && entry.updates.handler.kind == kind
      }
      removed.released.append(motion.sensors.filter(mine))
      motion.sensors.removeAll(where: mine)
    }
  }

  /// The reading of `kind` at the grid's latest instant by now, or `nil` when it does not
  /// run or its first instant has not come; with the magnetic field for the magnetometer and
  /// for device motion in a frame that uses it.
  private func latest(_ kind: MotionSensorKind) -> (
    sample: WristMotionSample, magnetic: MagneticReading?, timestamp: TimeInterval
  )? {
    guard let simulation, let entry = running[kind] else { return nil }
    let (start, interval) = entry
    let device = self.device
    let magnetic =
      kind == .magnetometer
      || (kind == .deviceMotion && attitudeReferenceFrame != .xArbitraryZVertical)
    return simulation.mutate { state in
      state.withExtension(CoreMotionState.self, of: simulation) { motion, state in
        let now = state.session.now
        let step = interval.components
        let stepNanoseconds = step.seconds * 1_000_000_000 + step.attoseconds / 1_000_000_000
        let steps = (now.nanoseconds - start.nanoseconds) / stepNanoseconds
        guard steps >= 1 else { return nil }
        let instant = SimulationInstant(nanoseconds: start.nanoseconds + stepNanoseconds * steps)
        motion.prepare(&state)
        motion.prepareWrist(&state)
        let sample = motion.wristSample(at: instant, on: device)
        guard magnetic else { return (sample, nil, instant.seconds) }
        motion.prepareAltitude(&state)
        return (
          sample, motion.magneticReading(at: instant, on: device, sample: sample),
          instant.seconds
        )
      }
    }
  }
}

/// The kinds of motion-manager updates.
enum MotionSensorKind: Hashable, Sendable {
  case accelerometer
  case gyro
  case deviceMotion
  case magnetometer
}

extension CoreMotionState {
  /// One `start…Updates(to:withHandler:)` registration of a motion manager.
  struct SensorUpdates {
    /// The app's handler, of one kind.
    enum Handler: Sendable {
      case accelerometer(UncheckedBox<CMAccelerometerHandler>)
      case gyro(UncheckedBox<CMGyroHandler>)
      /// Device motion in the frame it was started in.
      case deviceMotion(UncheckedBox<CMDeviceMotionHandler>, CMAttitudeReferenceFrame)
      case magnetometer(UncheckedBox<CMMagnetometerHandler>)

      var kind: MotionSensorKind {
        switch self {
        case .accelerometer: .accelerometer
        case .gyro: .gyro
        case .deviceMotion: .deviceMotion
        case .magnetometer: .magnetometer
        }
      }

      /// Whether the readings need the magnetic field: the magnetometer's, and device motion
      /// in a frame other than ``CMAttitudeReferenceFrame/xArbitraryZVertical``.
      var usesMagnetometer: Bool {
        switch self {
        case .accelerometer, .gyro: false
        case .deviceMotion(_, let frame): frame != .xArbitraryZVertical
        case .magnetometer: true
        }
      }

      /// Calls the handler with `sample` (and `magnetic`, when ``usesMagnetometer``) as its
      /// kind's data object at `timestamp` s.
      func deliver(
        _ sample: WristMotionSample, magnetic: MagneticReading?, timestamp: TimeInterval
      ) {
        switch self {
        case .accelerometer(let handler):
          handler.value(
            CMAccelerometerData(
              acceleration: CMAcceleration(sample.acceleration), timestamp: timestamp), nil)
        case .gyro(let handler):
          handler.value(
            CMGyroData(
              rotationRate: CMRotationRate(sample.measuredRotationRate), timestamp: timestamp),
            nil)
        case .deviceMotion(let handler, let frame):
          handler.value(
            CMDeviceMotion(
              sample: sample, magnetic: magnetic, frame: frame, timestamp: timestamp), nil)
        case .magnetometer(let handler):
          handler.value(
            CMMagnetometerData(
              magneticField: CMMagneticField(magnetic?.raw ?? .zero), timestamp: timestamp),
            nil)
        }
      }
    }

    var device: AppSimulation.Device
    /// The process of `device`'s app that registered (that device's crash drops it).
    var generation: Int
    var handler: Handler
    /// Whether the app gave `OperationQueue.main` (the handler runs on the main actor).
    var mainQueue: Bool
    /// The time between updates.
    var interval: Duration
    /// The next update's instant.
    var next: SimulationInstant

    /// The grid's first instant after `now`: ``next`` when it is later, else (the readings
    /// missed while the watch app could not receive, the registration parked) the grid's
    /// next one; the one home of the grid's step.
    func next(after now: SimulationInstant) -> SimulationInstant {
      guard next <= now else { return next }
      let step = interval.components
      let stepNanoseconds = step.seconds * 1_000_000_000 + step.attoseconds / 1_000_000_000
      let missed = (now.nanoseconds - next.nanoseconds) / stepNanoseconds
      return SimulationInstant(nanoseconds: next.nanoseconds + stepNanoseconds * (missed + 1))
    }
  }

  /// Makes ``wrist`` from the engine's course and seed (once).
  mutating func prepareWrist(_ state: inout AppSimulation.State) {
    guard wrist == nil else { return }
    let count = state.session.course.segments.count
    var speeds: [Double] = []
    var cadences: [Double] = []
    speeds.reserveCapacity(count)
    cadences.reserveCapacity(count)
    for index in 0..<count {
      speeds.append(state.session.speed(ofSegment: index))
      cadences.append(state.session.stepCadence(ofSegment: index))
    }
    let seed = state.session.seed
    wrist = WristPlan(
      course: state.session.course, speeds: speeds, cadences: cadences,
      watch: WristMotion(seed: seed, stream: "noise.wristMotion"),
      phone: WristMotion(seed: seed, stream: "noise.phoneMotion"),
      watchBias: MagnetometerBias.hardIron(seed: seed, stream: "noise.magnetometer.watch"),
      phoneBias: MagnetometerBias.hardIron(seed: seed, stream: "noise.magnetometer.phone"))
  }

  /// The wrist motion model's reading at `instant` on `device`: the body's motion class
  /// (``timeline``, with no latency: the sensors read the body at once) with, on a course
  /// segment, its speed and step cadence; the swing's phase from the later of the segment's
  /// start and the class's last change (docs/models.md#wrist-motion). On the watch, during a
  /// set of the scenario's `strength`, the forearm's rep instead
  /// (``WorkoutPhysiology/StrengthPlan/forearm(at:)``; the phone is not on the wrist).
  func wristSample(at instant: SimulationInstant, on device: AppSimulation.Device)
    -> WristMotionSample
  {
    guard let wrist else { return WristMotionSample() }
    if device == .watch, let forearm = strength?.forearm(at: instant) {
      return wrist.watch.sample(at: instant, gait: .lifting(forearm), since: .zero)
    }
    let timeline = timeline ?? MotionTimeline(layers: [])
    let activity = timeline.state(at: instant).activity
    var since = timeline.change(at: instant)?.at ?? .zero
    var speed = 0.0
    var cadence = 0.0
    if let index = wrist.course.segmentIndex(at: instant) {
      speed = wrist.speeds[index]
      cadence = wrist.cadences[index]
      since = max(since, wrist.course.starts[index])
    }
    let gait = WristGait(activity: activity, metresPerSecond: speed, stepsPerMinute: cadence)
    let model = device == .phone ? wrist.phone : wrist.watch
    return model.sample(at: instant, gait: gait, since: since)
  }
}

/// What the wrist motion model reads of the engine, made once per simulation: the course with
/// each segment's speed and step cadence, the two devices' models and their magnetometers'
/// hard-iron biases, µT (``WorkoutPhysiology/MagnetometerBias``).
struct WristPlan {
  let course: Course
  let speeds: [Double]
  let cadences: [Double]
  let watch: WristMotion
  let phone: WristMotion
  let watchBias: MotionVector
  let phoneBias: MotionVector
}
