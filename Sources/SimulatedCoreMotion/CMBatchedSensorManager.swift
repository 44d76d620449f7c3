import Foundation
import SimulationDriver
import Synchronization
import WorkoutCore
import WorkoutPhysiology
import WorkoutSimulation
import WorkoutSystem

/// High-rate motion in batches during a workout (Apple doc:
/// https://developer.apple.com/documentation/coremotion/cmbatchedsensormanager): the wrist
/// motion model's accelerometer at 800 Hz and device motion at 200 Hz, one batch a second of
/// virtual time, only while the watch has a running workout session
/// (docs/swift-api.md#batched-sensors, docs/models.md#wrist-motion).
///
/// - Supported on the watch only (``isAccelerometerSupported`` and ``isDeviceMotionSupported``
///   are `false` in the iPhone's code: Apple's batched updates serve the watch's workouts,
///   their async sequences exist on watchOS alone).
/// - A batch every second from the start (a project rule: Apple documents no batch length),
///   the first one second after it, holding the readings of the second before it at the
///   frequency's grid (800 readings, 1.25 ms apart; 200, 5 ms apart), each made when its batch
///   is due: never a workout's readings up front.
/// - Without a running workout session (prepared, paused, stopped or none) the start fails:
///   the handler gets, once, an `NSError` of ``CMErrorDomain`` code ``CMErrorInvalidAction``
///   (108) saying to start a workout session first, and the async sequence throws it (a
///   project rule: Apple requires a workout session and publishes no error for its absence);
///   when the session stops running, the updates end the same way.
/// - `authorization.motion: "denied"`: ``authorizationStatus`` is `.denied` and a start fails
///   with ``CMErrorMotionActivityNotAuthorized`` (105), as the altimeter's.
/// - The handler runs in the simulation's callback lane (it takes no queue). A freed manager's
///   handler is called no more, as on a device; an async sequence holds the newest 60 batches
///   for a slow consumer and ends the updates when its consumer leaves it.
@available(iOS 17.0, watchOS 10.0, *)
open class CMBatchedSensorManager: NSObject {
  weak var simulation: AppSimulation?
  let device: AppSimulation.Device
  private var active: Set<MotionSensorKind> = []
  /// The start of each kind started without a handler (the batches' origin).
  private var pulled: [MotionSensorKind: SimulationInstant] = [:]
  /// Records this manager's freeing, so its handler batches end (``FreedObjectRecorder``).
  private let freedRecorder = FreedObjectRecorder()

  /// A manager of the current simulation, for the device whose code makes it; traps outside a
  /// simulation's `run`.
  public override init() {
    simulation = AppSimulation.requireCurrent("CMBatchedSensorManager()")
    device = AppSimulation.device
    super.init()
  }

  /// As ``CMMotionActivityManager/authorizationStatus()`` (one Motion & Fitness permission;
  /// Apple doc:
  /// https://developer.apple.com/documentation/coremotion/cmbatchedsensormanager/authorizationstatus);
  /// traps outside a simulation's `run`.
  open class var authorizationStatus: CMAuthorizationStatus {
    CoreMotionState.authorizationStatus(call: "CMBatchedSensorManager.authorizationStatus")
  }
  /// `true` in the watch's code, `false` in the iPhone's (Apple doc:
  /// https://developer.apple.com/documentation/coremotion/cmbatchedsensormanager/isaccelerometersupported).
  open class var isAccelerometerSupported: Bool { AppSimulation.device == .watch }
  /// `true` in the watch's code, `false` in the iPhone's (Apple doc:
  /// https://developer.apple.com/documentation/coremotion/cmbatchedsensormanager/isdevicemotionsupported).
  open class var isDeviceMotionSupported: Bool { AppSimulation.device == .watch }
  /// The accelerometer's rate, 800 Hz (Apple doc:
  /// https://developer.apple.com/documentation/coremotion/cmbatchedsensormanager/accelerometerdatafrequency).
  open var accelerometerDataFrequency: Int { 800 }
  /// The device motion's rate, 200 Hz (Apple doc:
  /// https://developer.apple.com/documentation/coremotion/cmbatchedsensormanager/devicemotiondatafrequency).
  open var deviceMotionDataFrequency: Int { 200 }
  /// Whether accelerometer batches were started and not stopped (Apple doc:
  /// https://developer.apple.com/documentation/coremotion/cmbatchedsensormanager/isaccelerometeractive).
  open var isAccelerometerActive: Bool { active.contains(.accelerometer) }
  /// Whether device-motion batches were started and not stopped (Apple doc:
  /// https://developer.apple.com/documentation/coremotion/cmbatchedsensormanager/isdevicemotionactive).
  open var isDeviceMotionActive: Bool { active.contains(.deviceMotion) }

  /// The latest whole batch of accelerometer readings since ``startAccelerometerUpdates()``:
  /// the second before the batch grid's latest instant, `nil` before the first, after the stop
  /// and while no workout session runs (Apple doc:
  /// https://developer.apple.com/documentation/coremotion/cmbatchedsensormanager/accelerometerbatch).
  open var accelerometerBatch: [CMAccelerometerData]? {
    latestBatch(.accelerometer)?.map(CoreMotionState.BatchUpdates.Sink.accelerometerData)
  }
  /// The latest whole batch of device-motion readings since ``startDeviceMotionUpdates()``, as
  /// ``accelerometerBatch`` (Apple doc:
  /// https://developer.apple.com/documentation/coremotion/cmbatchedsensormanager/devicemotionbatch).
  open var deviceMotionBatch: [CMDeviceMotion]? {
    latestBatch(.deviceMotion)?.map { CMDeviceMotion(sample: $0.1, timestamp: $0.0) }
  }
  /// Starts accelerometer batches without a handler: read ``accelerometerBatch`` (Apple doc:
  /// https://developer.apple.com/documentation/coremotion/cmbatchedsensormanager/startaccelerometerupdates()).
  open func startAccelerometerUpdates() { startPull(.accelerometer) }
  /// Starts device-motion batches without a handler: read ``deviceMotionBatch`` (Apple doc:
  /// https://developer.apple.com/documentation/coremotion/cmbatchedsensormanager/startdevicemotionupdates()).
  open func startDeviceMotionUpdates() { startPull(.deviceMotion) }

  /// Starts `kind` without a handler: the batch grid from now.
  private func startPull(_ kind: MotionSensorKind) {
    guard let simulation else { return }
    stop(kind)
    active.insert(kind)
    pulled[kind] = simulation.clock.now
  }

  /// The readings of `kind`'s latest whole batch by now, or `nil`.
  private func latestBatch(_ kind: MotionSensorKind) -> [(TimeInterval, WristMotionSample)]? {
    guard let simulation, let start = pulled[kind] else { return nil }
    let device = self.device
    let step: Int64 = kind == .accelerometer ? 1_250_000 : 5_000_000
    return simulation.mutate { state in
      state.withExtension(CoreMotionState.self, of: simulation) { motion, state in
        motion.prepare(&state)
        motion.prepareWrist(&state)
        guard CoreMotionState.batchRefusal(motion: motion, device: device, state: &state) == nil
        else { return nil }
        let second: Int64 = 1_000_000_000
        let batches = (state.session.now.nanoseconds - start.nanoseconds) / second
        guard batches >= 1 else { return nil }
        let end = SimulationInstant(nanoseconds: start.nanoseconds + batches * second)
        let from = SimulationInstant(nanoseconds: end.nanoseconds - second)
        return motion.batch(after: from, upTo: end, step: step, on: device)
      }
    }
  }

  /// Starts accelerometer batches to `handler`, one a second (Apple doc:
  /// https://developer.apple.com/documentation/coremotion/cmbatchedsensormanager/startaccelerometerupdates(handler:)).
  /// Calling it again replaces the handler, and a replaced async sequence ends as after a stop.
  ///
  /// - Parameter handler: called with each batch, or once with the error (no workout session
  ///   running: 108; motion denied: 105) and nothing after it.
  open func startAccelerometerUpdates(
    handler: @escaping ([CMAccelerometerData]?, (any Error)?) -> Void
  ) {
    start(.accelerometer(UncheckedBox(handler)), #function)
  }
  /// Stops accelerometer batches (Apple doc:
  /// https://developer.apple.com/documentation/coremotion/cmbatchedsensormanager/stopaccelerometerupdates()).
  open func stopAccelerometerUpdates() { stop(.accelerometer) }
  /// Starts device-motion batches to `handler`, one a second (Apple doc:
  /// https://developer.apple.com/documentation/coremotion/cmbatchedsensormanager/startdevicemotionupdates(handler:)),
  /// as ``startAccelerometerUpdates(handler:)``.
  open func startDeviceMotionUpdates(handler: @escaping ([CMDeviceMotion]?, (any Error)?) -> Void) {
    start(.deviceMotion(UncheckedBox(handler)), #function)
  }
  /// Stops device-motion batches (Apple doc:
  /// https://developer.apple.com/documentation/coremotion/cmbatchedsensormanager/stopdevicemotionupdates()).
  open func stopDeviceMotionUpdates() { stop(.deviceMotion) }

  /// Registers `sink` (an async sequence's with its `stream`), or refuses it at once with the
  /// error that applies.
  fileprivate func start(
    _ sink: CoreMotionState.BatchUpdates.Sink, _ function: StaticString,
    stream: CoreMotionState.BatchStream? = nil
  ) {
    guard let simulation else { return }
    let key = ObjectIdentifier(self)
    let kind = sink.kind
    let device = self.device
    active.insert(kind)
    // The registration replaced ends as a stop ends it: its sequence finishes (a consumer
    // awaiting it would wait forever otherwise), after the lock.
    remove(kind)
    simulation.registerMotionUpdates(
      call: CallInFlight(function: function, fileID: #fileID, owner: "CMBatchedSensorManager"),
      owner: (key, freedRecorder)
    ) { motion, state in
      motion.prepareWrist(&state)
      if let refusal = CoreMotionState.batchRefusal(motion: motion, device: device, state: &state) {
        let error = UncheckedBox(refusal)
        state.enqueue([
          { AppSimulation.$currentDevice.withValue(device) { sink.fail(error.value) } }
        ])
        state.turnDue = true
        return
      }
      let now = state.session.now
      motion.batches.append(
        (
          key,
          CoreMotionState.BatchUpdates(
            device: device, generation: state.processGeneration(of: device), sink: sink,
            stream: stream,
            last: now, next: now.advanced(by: CoreMotionState.batchLength))
        ))
    }
  }

  /// Ends `kind`'s batches (an async sequence's ends with no more elements).
  fileprivate func stop(_ kind: MotionSensorKind) {
    active.remove(kind)
    pulled[kind] = nil
    remove(kind)
  }

  /// Takes this manager's registration of `kind` out; its sequence finishes after the
  /// simulation's lock (its `onTermination` takes the lock).
  private func remove(_ kind: MotionSensorKind) {
    guard let simulation else { return }
    let key = ObjectIdentifier(self)
    simulation.takeMotionUpdates { motion, removed in
      let mine = { (entry: (key: ObjectIdentifier, updates: CoreMotionState.BatchUpdates)) in
        entry.key == key && entry.updates.sink.kind == kind
      }
      for entry in motion.batches where mine(entry) { removed.finished.append(entry.updates.sink) }
      removed.released.append(motion.batches.filter(mine))
      motion.batches.removeAll(where: mine)
    }
  }

  /// Starts an async sequence's registration: `sink` fed by a stream that holds the newest
  /// ``CoreMotionState/batchBuffer`` batches, whose `onTermination` (its consumer left it,
  /// or it finished) takes the registration out, so no batch is made for nobody.
  fileprivate func startStream(
    _ sink: CoreMotionState.BatchUpdates.Sink, _ function: StaticString,
    setTermination: (@escaping @Sendable () -> Void) -> Void
  ) {
    let stream = CoreMotionState.BatchStream(call: "CMBatchedSensorManager.\(function)")
    if let simulation {
      let weak = WeakSimulation(simulation)
      setTermination {
        guard let simulation = weak.object else { return }
        simulation.takeMotionUpdates { motion, removed in
          removed.released.append(motion.batches.filter { $0.updates.stream === stream })
          motion.batches.removeAll { $0.updates.stream === stream }
        }
      }
    }
    start(sink, function, stream: stream)
  }
}

@available(watchOS 10.0, *)
extension CMBatchedSensorManager {
  /// The accelerometer's batches as an async sequence (Apple doc:
  /// https://developer.apple.com/documentation/coremotion/cmbatchedsensormanager/accelerometerupdates()):
  /// starts the updates; each element is one second's readings; it throws the start's or the
  /// session's end's error (see the type's notes) and ends after ``stopAccelerometerUpdates()``.
  /// It holds the newest 60 batches not yet taken, dropping the oldest beyond that (the first
  /// drop reported once as a `notDelivered` warning; a project rule, Apple documents no
  /// buffer); a consumer that leaves it (breaks out of `for try await`, the sequence released)
  /// ends the updates it started (docs/swift-api.md#batched-sensors).
  public func accelerometerUpdates() -> AccelerometerUpdates {
    let (stream, continuation) = AsyncThrowingStream<[CMAccelerometerData], any Error>
      .makeStream(bufferingPolicy: .bufferingNewest(CoreMotionState.batchBuffer))
    startStream(.accelerometerStream(UncheckedBox(continuation)), #function) { ended in
      continuation.onTermination = { _ in ended() }
    }
    return AccelerometerUpdates(stream: stream)
  }

  /// The device motion's batches as an async sequence (Apple doc:
  /// https://developer.apple.com/documentation/coremotion/cmbatchedsensormanager/devicemotionupdates()),
  /// as ``accelerometerUpdates()``.
  public func deviceMotionUpdates() -> DeviceMotionUpdates {
    let (stream, continuation) = AsyncThrowingStream<[CMDeviceMotion], any Error>
      .makeStream(bufferingPolicy: .bufferingNewest(CoreMotionState.batchBuffer))
    startStream(.deviceMotionStream(UncheckedBox(continuation)), #function) { ended in
      continuation.onTermination = { _ in ended() }
    }
    return DeviceMotionUpdates(stream: stream)
  }

  /// The async sequence of accelerometer batches (Apple doc:
  /// https://developer.apple.com/documentation/coremotion/cmbatchedsensormanager/accelerometerupdates).
  public struct AccelerometerUpdates: AsyncSequence, Sendable {
    /// One second's readings.
    public typealias Element = [CMAccelerometerData]
    let stream: AsyncThrowingStream<[CMAccelerometerData], any Error>

    /// The iterator.
    public func makeAsyncIterator() -> Iterator { Iterator(base: stream.makeAsyncIterator()) }

    /// The iterator of ``AccelerometerUpdates``.
    public struct Iterator: AsyncIteratorProtocol {
      var base: AsyncThrowingStream<[CMAccelerometerData], any Error>.Iterator

      /// The next batch, or `nil` when the updates were stopped.
      public mutating func next() async throws -> [CMAccelerometerData]? {
        try await base.next()
      }
    }
  }

  /// The async sequence of device-motion batches (Apple doc:
  /// https://developer.apple.com/documentation/coremotion/cmbatchedsensormanager/devicemotionupdates).
  public struct DeviceMotionUpdates: AsyncSequence, Sendable {
    /// One second's readings.
    public typealias Element = [CMDeviceMotion]
    let stream: AsyncThrowingStream<[CMDeviceMotion], any Error>

    /// The iterator.
    public func makeAsyncIterator() -> Iterator { Iterator(base: stream.makeAsyncIterator()) }

    /// The iterator of ``DeviceMotionUpdates``.
    public struct Iterator: AsyncIteratorProtocol {
      var base: AsyncThrowingStream<[CMDeviceMotion], any Error>.Iterator

      /// The next batch, or `nil` when the updates were stopped.
      public mutating func next() async throws -> [CMDeviceMotion]? { try await base.next() }
    }
  }
}

extension CoreMotionState {
  /// The time a batch covers, 1 s (a project rule; see ``CMBatchedSensorManager``).
  static let batchLength: Duration = .seconds(1)
  /// The batches an async sequence holds for a consumer that has not taken them: the newest
  /// 60, a minute's (a project rule: Apple documents no figure; an unbounded buffer would grow
  /// by 800 readings a second for a consumer that never comes). The oldest is dropped for a
  /// new one, reported once per sequence (docs/swift-api.md#batched-sensors).
  static let batchBuffer = 60

  /// An async sequence's registration's identity (its `onTermination` takes out exactly its
  /// registration) and its drop report, shared by the registration, the `onTermination` and
  /// the lane's deliveries.
  final class BatchStream: Sendable {
    /// The call that made the sequence, for the report.
    let call: String
    /// Whether a dropped batch was reported (once per sequence).
    let dropReported = Mutex(false)

    init(call: String) { self.call = call }

    /// Reports, once, that the sequence's buffer dropped its oldest batch at `seconds`, as a
    /// `notDelivered` warning (docs/swift-api.md#batched-sensors).
    func reportDrop(at seconds: Double, in simulation: AppSimulation) {
      let first = dropReported.withLock { reported in
        defer { reported = true }
        return !reported
      }
      guard first else { return }
      let call = self.call
      let message =
        "the batches of \(call) came faster than its consumer took them: the sequence holds the newest \(CoreMotionState.batchBuffer) (a minute's), so at t = \(secondsText(seconds)) s its oldest batch was dropped, and from then on each one it cannot hold is dropped too (reported once per sequence); iterate the sequence in a task of its own while time advances, taking each batch as it comes (docs/swift-api.md#batched-sensors)"
      let reports = simulation.mutate { state in
        simulation.keepReports(
          .notDelivered, [message], framework: "CoreMotion", call: call, in: &state)
      }
      reports.forEach(AppSimulation.writeToStandardError)
    }
  }

  /// One batched registration.
  struct BatchUpdates {
    /// Where the batches go: a handler or an async sequence's continuation, of either kind.
    enum Sink: Sendable {
      case accelerometer(UncheckedBox<([CMAccelerometerData]?, (any Error)?) -> Void>)
      case deviceMotion(UncheckedBox<([CMDeviceMotion]?, (any Error)?) -> Void>)
      case accelerometerStream(
        UncheckedBox<AsyncThrowingStream<[CMAccelerometerData], any Error>.Continuation>)
      case deviceMotionStream(
        UncheckedBox<AsyncThrowingStream<[CMDeviceMotion], any Error>.Continuation>)

      var kind: MotionSensorKind {
        switch self {
        case .accelerometer, .accelerometerStream: .accelerometer
        case .deviceMotion, .deviceMotionStream: .deviceMotion
        }
      }

      /// The readings' spacing: 1/800 s or 1/200 s, ns.
      var stepNanoseconds: Int64 { kind == .accelerometer ? 1_250_000 : 5_000_000 }

      /// Hands over the readings `samples` (instant seconds, reading); `false` when a
      /// sequence's buffer was full and dropped its oldest batch for them.
      func deliver(_ samples: [(TimeInterval, WristMotionSample)]) -> Bool {
        switch self {
        case .accelerometer(let handler):
          handler.value(samples.map(Self.accelerometerData), nil)
        case .accelerometerStream(let continuation):
          if case .dropped = continuation.value.yield(samples.map(Self.accelerometerData)) {
            return false
          }
        case .deviceMotion(let handler):
          handler.value(samples.map { CMDeviceMotion(sample: $0.1, timestamp: $0.0) }, nil)
        case .deviceMotionStream(let continuation):
          let batch = samples.map { CMDeviceMotion(sample: $0.1, timestamp: $0.0) }
          if case .dropped = continuation.value.yield(batch) { return false }
        }
        return true
      }

      static func accelerometerData(_ reading: (TimeInterval, WristMotionSample))
        -> CMAccelerometerData
      {
        CMAccelerometerData(
          acceleration: CMAcceleration(reading.1.acceleration), timestamp: reading.0)
      }

      /// Hands over `error`: once to a handler; a sequence throws it.
      func fail(_ error: NSError) {
        switch self {
        case .accelerometer(let handler): handler.value(nil, error)
        case .deviceMotion(let handler): handler.value(nil, error)
        case .accelerometerStream(let continuation): continuation.value.finish(throwing: error)
        case .deviceMotionStream(let continuation): continuation.value.finish(throwing: error)
        }
      }

      /// Ends a sequence with `error` (its process ended); nothing for a handler, which died
      /// with the process. Its registration is out of the state already, so its
      /// `onTermination` (which takes the simulation's lock) is cleared first: this may run
      /// under the lock.
      func finish(throwing error: NSError) {
        switch self {
        case .accelerometer, .deviceMotion: break
        case .accelerometerStream(let continuation):
          continuation.value.onTermination = nil
          continuation.value.finish(throwing: error)
        case .deviceMotionStream(let continuation):
          continuation.value.onTermination = nil
          continuation.value.finish(throwing: error)
        }
      }

      /// Ends a sequence (a stop); nothing for a handler. As ``finish(throwing:)``, its
      /// `onTermination` is cleared first (its registration is out of the state already).
      func finish() {
        switch self {
        case .accelerometer, .deviceMotion: break
        case .accelerometerStream(let continuation):
          continuation.value.onTermination = nil
          continuation.value.finish()
        case .deviceMotionStream(let continuation):
          continuation.value.onTermination = nil
          continuation.value.finish()
        }
      }
    }

    var device: AppSimulation.Device
    /// The process of `device`'s app that registered (that device's crash drops it).
    var generation: Int
    var sink: Sink
    /// An async sequence's identity and drop report; `nil` for a handler.
    var stream: BatchStream?
    /// The last batch's end (the start for the first).
    var last: SimulationInstant
    /// The next batch's instant.
    var next: SimulationInstant
  }

  /// The error a batched sequence of a crashed or ended watch app process throws: code
  /// ``CMErrorInvalidAction`` (108) (a project rule: the sequence's consumer died with the
  /// process on a device; a test's awaiting code is told, docs/swift-api.md#batched-sensors).
  static var processEndedError: NSError {
    CMErrorInvalidAction.error(
      description:
        "the watch app's process that started these batched updates ended (a crash or a relaunch): start them again in the new process (docs/swift-api.md#batched-sensors)"
    )
  }

  /// The batched sequences still registered when the outermost `run` returns: each finishes
  /// and is reported once as a `notDelivered` warning (a project rule: on a device the
  /// workout's updates would go on, which a test never sees; the consumer is resumed rather
  /// than left waiting, docs/swift-api.md#batched-sensors). Handlers stay registered. Then the
  /// fall still kept for a delegate, once (``FallDetectionState/endOfRunWarning(start:)``).
  mutating func endOfRunWarnings(stalled: Bool, in state: inout AppSimulation.State) -> [(
    framework: String, call: String, message: String
  )] {
    var warnings: [(framework: String, call: String, message: String)] = []
    var kept: [(key: ObjectIdentifier, updates: BatchUpdates)] = []
    for entry in batches {
      let call: String
      switch entry.updates.sink {
      case .accelerometer, .deviceMotion:
        kept.append(entry)
        continue
      case .accelerometerStream: call = "CMBatchedSensorManager.accelerometerUpdates()"
      case .deviceMotionStream: call = "CMBatchedSensorManager.deviceMotionUpdates()"
      }
      entry.updates.sink.finish()
      // What the app did not do yet, so the advice fits: with the workout session ended, the
      // sequence was only waiting for its next second to fail with 108.
      let sessionEnded =
        Self.batchRefusal(motion: self, device: entry.updates.device, state: &state) != nil
      let advice =
        sessionEnded
        ? "the workout session had ended, and such a sequence ends at its next batch (a second at most after the end, with error 108) or when its consumer leaves the loop (a break, or its task cancelled): advance a second after ending the session, or leave the loop first, before the run returns"
        : "leave the loop (a break, or cancel its task) or end the workout session before the run returns"
      warnings.append(
        (
          framework: "CoreMotion", call: call,
          message:
            "when run(_:) returned, the async sequence of \(call) was still running (its batches were due every second): it ended there with no more elements; \(advice) (docs/swift-api.md#batched-sensors)"
        ))
    }
    batches = kept
    if let fall = fall.endOfRunWarning(start: startDate) { warnings.append(fall) }
    return warnings
  }

  /// The error a batched start or a due batch fails with, or `nil`: motion denied (105);
  /// on the iPhone, not supported (109); no running workout session on the watch (108).
  static func batchRefusal(
    motion: CoreMotionState, device: AppSimulation.Device, state: inout AppSimulation.State
  ) -> NSError? {
    guard motion.isAuthorized else { return CMErrorMotionActivityNotAuthorized.error }
    guard device == .watch else {
      return CMErrorNotAvailable.error(
        description:
          "CMBatchedSensorManager is not supported on the iPhone (isAccelerometerSupported and isDeviceMotionSupported are false there): use CMMotionManager in the iPhone's code (docs/swift-api.md#batched-sensors)"
      )
    }
    let running = state.session.readEngine { engine in
      (0..<engine.sessionCount).contains { engine.sessionState($0) == .running }
    }
    guard running else {
      return CMErrorInvalidAction.error(
        description:
          "CMBatchedSensorManager delivers only while a workout session runs: start an HKWorkoutSession (startActivity(with:)) before starting batched updates (docs/swift-api.md#batched-sensors)"
      )
    }
    return nil
  }

  /// The readings of `(last, upTo]` on the grid of `step` ns, made now.
  func batch(
    after last: SimulationInstant, upTo end: SimulationInstant, step: Int64,
    on device: AppSimulation.Device
  ) -> [(TimeInterval, WristMotionSample)] {
    var readings: [(TimeInterval, WristMotionSample)] = []
    var t = last.nanoseconds + step
    readings.reserveCapacity(Int((end.nanoseconds - last.nanoseconds) / step))
    while t <= end.nanoseconds {
      let instant = SimulationInstant(nanoseconds: t)
      readings.append((instant.seconds, wristSample(at: instant, on: device)))
      t += step
    }
    return readings
  }
}
