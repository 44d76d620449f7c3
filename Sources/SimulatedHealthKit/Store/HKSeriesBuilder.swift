import WorkoutCore
import WorkoutSystem

/// A sample whose data is a series, HealthKit's `HKSeriesSample` (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkseriessample).
public class HKSeriesSample: HKSample, @unchecked Sendable {
  /// The number of values in the series.
  public let count: Int

  init(
    type: HKSeriesType, count: Int, startDate: Date, endDate: Date, metadata: [String: Any]?,
    device: HKDevice?
  ) {
    self.count = count
    super.init(
      sampleType: type, startDate: startDate, endDate: endDate, uuid: UUID(), metadata: metadata,
      device: device, sourceRevision: HKSourceRevision(source: .default(), version: nil))
  }

  /// Writes the sample's fields and the count.
  public override func encode(with coder: NSCoder) {
    super.encode(with: coder)
    coder.encode(count, forKey: "count")
  }

  /// Reads what ``encode(with:)`` wrote; `nil` unless the type is a series type.
  public required init?(coder: NSCoder) {
    count = coder.decodeInteger(forKey: "count")
    super.init(coder: coder)
    guard sampleType is HKSeriesType else { return nil }
  }
}

/// The base of the builders of series samples, HealthKit's `HKSeriesBuilder` (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkseriesbuilder): the rules every series
/// builder shares (``HKWorkoutRouteBuilder``, ``HKHeartbeatSeriesBuilder``).
///
/// Errors the builders share (`HKError`):
/// - sharing the series type never asked for: `errorAuthorizationNotDetermined` ("Authorization
///   not determined"); denied: `errorAuthorizationDenied` ("Not authorized"), the health
///   store's own rule for saving a type;
/// - a call after the series was finished or the builder discarded: `errorInvalidArgument`
///   ("The route builder has already been finished", "The heartbeat series builder has been
///   discarded", ...; Apple publishes no text, the words are this project's);
/// - a call on a builder the app process made before it crashed (`crash()`): ignored, as every
///   call on the crashed process's objects is (docs/swift-api.md#crash-and-recovery):
///   `errorInvalidArgument` with "This object belongs to an app process that crashed; ...",
///   and an `error` entry (code `noSession`) in the run's log and errors; nothing is inserted,
///   discarded or saved.
public class HKSeriesBuilder: NSObject, @unchecked Sendable {
  let simulation: HealthKitSimulation
  let device: HKDevice?
  /// The series type the builder saves.
  let seriesType: HKSeriesType
  /// The builder's name in error messages ("route", "heartbeat series").
  private let noun: String
  /// The app process that made the builder: the device it runs on and its number there (the
  /// engine's crash count when the builder was made, ``isAlive``).
  private let process: AppProcess
  /// Guards the subclass's data and the fields below.
  let lock = NSLock()
  private var metadataStorage: [String: Any] = [:]
  private var finished = false
  private var discarded = false

  /// A builder of the app process running on `processDevice` now.
  init(
    simulation: HealthKitSimulation, device: HKDevice?, seriesType: HKSeriesType, noun: String,
    processDevice: HealthKitSimulation.Device
  ) {
    self.simulation = simulation
    self.device = device
    self.seriesType = seriesType
    self.noun = noun
    self.process = simulation.state.withLock { $0.process(of: processDevice) }
    super.init()
  }

  /// Whether the app process that made the builder still runs (its device's app has not
  /// crashed since).
  var isAlive: Bool { simulation.isAlive(process) }

  /// Stops the builder: nothing is saved; later calls fail (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkseriesbuilder/discard()). On the
  /// builder of a crashed process, ignored (see the type).
  public func discard() {
    if inertError(.discard) != nil { return }
    lock.withLock {
      discarded = true
      dropData()
    }
  }

  /// Drops the subclass's collected values (called under ``lock``).
  func dropData() {}

  /// The error of `call` on the builder of a crashed process, logged as every call on the
  /// crashed process's objects is (``HealthKitSimulation/ignoreInert(action:message:)``), or
  /// `nil` while the process runs.
  func inertError(_ call: ErrorReport.BuilderCall) -> HKError? {
    guard !isAlive else { return nil }
    simulation.ignoreInert(action: .builder(call), device: process.device)
    return HKError(.errorInvalidArgument, HealthKitSimulation.inertMessage)
  }

  /// The error of `call` on the builder of a crashed process, on a finished or discarded
  /// builder, or of a type the app may not share; `nil` when the call may go on.
  func callError(_ call: ErrorReport.BuilderCall) -> HKError? {
    if let inert = inertError(call) { return inert }
    if let closed = closedError() { return closed }
    return simulation.state.withLock { $0.shareError(seriesType.identifier) }
  }

  /// The error of a call to a finished or discarded builder, or `nil`.
  private func closedError() -> HKError? {
    lock.withLock { () -> HKError? in
      if finished {
        return HKError(.errorInvalidArgument, "The \(noun) builder has already been finished")
      }
      if discarded {
        return HKError(.errorInvalidArgument, "The \(noun) builder has been discarded")
      }
      return nil
    }
  }

  /// Adds `metadata` to the series' (a later value replaces an earlier one of the same key);
  /// fails only on a finished or discarded builder, or one of a crashed process.
  func add(_ metadata: [String: Any]) -> HKError? {
    if let error = inertError(.addMetadata) ?? closedError() { return error }
    lock.withLock { metadataStorage.merge(metadata) { $1 } }
    return nil
  }

  /// Closes the builder, and returns `take`'s result (run under ``lock``) with the metadata
  /// added and `metadata` (`nil` when there is none).
  func close<T>(adding metadata: [String: Any]?, _ take: () -> T) -> (T, [String: Any]?) {
    lock.withLock {
      finished = true
      let all = metadataStorage.merging(metadata ?? [:]) { $1 }
      return (take(), all.isEmpty ? nil : all)
    }
  }

  /// Keeps the finished `sample` in the store; running anchored and observer queries of its
  /// type see it. Its dates are read by the wall-clock rule naming `call`, the finishing call;
  /// returns the strict-dates error of a real-clock date (nothing kept), else `nil`.
  func keep(_ sample: HKSeriesSample, call: String) -> HKError? {
    let simulation = self.simulation
    return simulation.mutateHealth { state in
      state.keepObjectSample(sample, call: call, of: simulation)
    }
  }

  /// The end of an async form: delivers the callback lane, then throws `error`.
  nonisolated(nonsending) func endCall(_ error: HKError?) async throws {
    await simulation.deliver()
    if let error { throw error }
  }

  /// The end of an async form that returns a sample: delivers, then returns or throws.
  nonisolated(nonsending) func endCall<S>(_ outcome: Result<S, HKError>) async throws -> S {
    await simulation.deliver()
    return try outcome.get()
  }

  /// Hands `error` to a `(Bool, Error?)` completion in the callback lane, owed by the public
  /// method `call` (`#function` of the caller: reported under that name after the run).
  func report(
    _ error: HKError?, to completion: @escaping @Sendable (Bool, (any Error)?) -> Void,
    call: StaticString = #function
  ) {
    simulation.enqueue(call: call) { completion(error == nil, error) }
  }

  /// Hands `outcome` to a `(sample?, Error?)` completion in the callback lane, owed by the
  /// public method `call` (`#function` of the caller: reported under that name after the run).
  func report<S: Sendable>(
    _ outcome: Result<S, HKError>, to completion: @escaping @Sendable (S?, (any Error)?) -> Void,
    call: StaticString = #function
  ) {
    simulation.enqueue(call: call) {
      switch outcome {
      case .success(let sample): completion(sample, nil)
      case .failure(let error): completion(nil, error)
      }
    }
  }
}
