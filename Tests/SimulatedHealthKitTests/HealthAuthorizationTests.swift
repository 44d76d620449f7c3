import Foundation
import Synchronization
import Testing
import WorkoutCore
import WorkoutHealth
import WorkoutScenario
import WorkoutSimulation

@testable import SimulatedHealthKit

/// Authorization as users meet it, saving and deleting with HealthKit's rules, and the trap
/// messages (checked through the functions that build them: a trap ends the process).
@Suite struct HealthAuthorizationTests {
  static let denyStepReading = """
    "authorization": { "healthKit": { "read": { "denied": ["stepCount"] } } },
    """

  @Test func aDeniedReadLooksLikeAnEmptyStoreExceptTheAppsOwnData() async throws {
    let denied = try HealthKitSimulation(
      scenario: healthScenario(
        samples: HealthQueryTests.overlapping, extra: Self.denyStepReading))
    let empty = try HealthKitSimulation(scenario: healthScenario(samples: "[]"))
    for simulation in [denied, empty] {
      try await simulation.run {
        let store = HKHealthStore()
        try await authorize(store)
        // Share was granted; read permission is never revealed.
        #expect(store.authorizationStatus(for: steps) == .sharingAuthorized)
        let found = await samples(store, simulation, steps)
        #expect(found.error == nil)
        #expect(found.samples?.isEmpty == true)
        let (sum, error) = await statistics(store, simulation, steps, options: .cumulativeSum)
        #expect(sum == nil)
        #expect(error?.code == .errorNoData)
        // The app's own sample shows.
        try await store.save(
          HKQuantitySample(
            type: steps, quantity: HKQuantity(unit: .count(), doubleValue: 7),
            start: simulation.now, end: simulation.now))
        #expect(await samples(store, simulation, steps).samples?.count == 1)
        let (own, _) = await statistics(store, simulation, steps, options: .cumulativeSum)
        #expect(own?.sumQuantity()?.doubleValue(for: .count()) == 7)
      }
    }
  }

  @Test func theSheetShowsOncePerNewSetOfTypes() async throws {
    let simulation = try HealthKitSimulation(
      scenario: healthScenario(
        samples: "[]",
        extra: #""authorization": { "healthKit": { "share": { "denied": ["heartRate"] } } },"#))
    try await simulation.run {
      let store = HKHealthStore()
      #expect(
        try await store.statusForAuthorizationRequest(toShare: [steps], read: [steps])
          == .shouldRequest)
      try await store.requestAuthorization(toShare: [steps], read: [steps])
      try await store.requestAuthorization(toShare: [steps], read: [steps])
      #expect(
        try await store.statusForAuthorizationRequest(toShare: [steps], read: [steps])
          == .unnecessary)
      #expect(
        try await store.statusForAuthorizationRequest(toShare: [heartRate], read: [])
          == .shouldRequest)
      try await store.requestAuthorization(toShare: [steps, heartRate], read: [steps])
      #expect(store.authorizationStatus(for: steps) == .sharingAuthorized)
      #expect(store.authorizationStatus(for: heartRate) == .sharingDenied)
      #expect(store.authorizationStatus(for: activeEnergy) == .notDetermined)
    }
    let sheets = simulation.result.log.compactMap { entry -> [String]? in
      guard case .authorizationSheet(let share, let read) = entry.kind else { return nil }
      return share + read
    }
    // Two sheets: the first with steps to share and read, the second with heart rate alone.
    #expect(
      sheets == [
        ["HKQuantityTypeIdentifierStepCount", "HKQuantityTypeIdentifierStepCount"],
        ["HKQuantityTypeIdentifierHeartRate"],
      ])
  }

  @Test func withoutTheUsageDescriptionTheAppIsTerminated() async throws {
    let simulation = try HealthKitSimulation(
      scenario: healthScenario(
        samples: "[]",
        extra: #""app": { "infoPlist": { "NSHealthUpdateUsageDescription": "Saves workouts" } },"#
      ))
    try await simulation.run {
      let store = HKHealthStore()
      // Sharing alone is fine: the update description is there.
      try await store.requestAuthorization(toShare: [steps], read: [])
      let expected = HealthKitSimulation.missingUsageMessage(
        key: "NSHealthShareUsageDescription",
        identifiers: ["HKQuantityTypeIdentifierStepCount", "HKQuantityTypeIdentifierHeartRate"])
      #expect(
        expected
          == "NSHealthShareUsageDescription must be set in the app's Info.plist in order to request read authorization for the following types: HKQuantityTypeIdentifierHeartRate, HKQuantityTypeIdentifierStepCount"
      )
      await #expect(throws: HealthKitSimulation.AppTermination(message: expected)) {
        try await store.requestAuthorization(toShare: [], read: [steps, heartRate])
      }
      #expect(simulation.appTermination?.message == expected)
      // Later calls are inert: the completion never runs, the async forms throw again.
      let called = Mutex(false)
      store.requestAuthorization(toShare: nil, read: [steps]) { _, _ in
        called.withLock { $0 = true }
      }
      await simulation.settle()
      #expect(!called.withLock { $0 })
      await #expect(throws: HealthKitSimulation.AppTermination.self) {
        try await store.save(
          HKQuantitySample(
            type: steps, quantity: HKQuantity(unit: .count(), doubleValue: 1),
            start: simulation.now, end: simulation.now))
      }
    }
    let errors = simulation.result.errors
    #expect(errors.count == 1)
    #expect(errors.first?.action == "requestAuthorization")
    #expect(
      errors.first?.message.hasSuffix("reason: '\(simulation.appTermination!.message)'") == true)
  }

  /// HealthKit's reason for an authorization request with both sets empty
  /// (`_validateAuthorizationRequestWithShareTypes:readTypes:`).
  static let nothingAsked = "Must request authorization for at least one data type"

  /// Runs `call` (a completion-handler call on a new store that makes the run end with a
  /// termination; its handler calls `called`) and waits for the handler in a stream, as an app
  /// would: the termination `run` threw and how many times the handler was called.
  static func terminationEndingTheRun(
    _ call: @escaping @Sendable (HKHealthStore, @escaping @Sendable () -> Void) -> Void
  ) async throws -> (message: String?, calls: Int) {
    let simulation = try HealthKitSimulation(scenario: healthScenario(samples: "[]"))
    let handled = HandlerCalls()
    let ended = await #expect(throws: HealthKitSimulation.AppTermination.self) {
      try await Task {
        try await simulation.run { () async throws in
          let (answers, answer) = AsyncStream<Bool>.makeStream()
          call(HKHealthStore()) {
            handled.count.withLock { $0 += 1 }
            answer.yield(true)
          }
          for await _ in answers { break }
        }
      }.value
    }
    return (ended?.message, handled.count.withLock { $0 })
  }

  /// Every refusal says what to write instead (fix23): after HealthKit's message and the
  /// note on `do { } catch { }`, the report names the types to remove from the set and what to
  /// ask for: a correlation's quantity types (and, to share, the correlation saved from them),
  /// reading for a type apps may only read. Each refusal in a fresh run.
  @Test func aDisallowedTypeRefusalSaysWhatToWriteInstead() async throws {
    let terminating =
      "Terminating app due to uncaught exception 'NSInvalidArgumentException', reason: '"
    let ends = "'; on a device this ends the app whether or not the call is in a do { } catch { }; "
    let correlation =
      "for a correlation ask for the quantity types it holds instead "
      + "(HKQuantityTypeIdentifierBloodPressureSystolic and "
      + "HKQuantityTypeIdentifierBloodPressureDiastolic for blood pressure, the dietary types "
      + "for food)"
    let cases: [(Set<HKSampleType>, Set<HKObjectType>, String)] = [
      (
        [HKCorrelationType(.bloodPressure), HKQuantityType(.appleExerciseTime)], [],
        terminating + "Authorization to share the following types is disallowed: "
          + "HKCorrelationTypeIdentifierBloodPressure, HKQuantityTypeIdentifierAppleExerciseTime"
          + ends + "remove HKCorrelationTypeIdentifierBloodPressure, "
          + "HKQuantityTypeIdentifierAppleExerciseTime from toShare; " + correlation
          + " and save the correlation made of them; apps may only read the other types: ask "
          + "for them in read"
      ),
      (
        [HKObjectType.electrocardiogramType()], [],
        terminating + "Authorization to share the following types is disallowed: "
          + "HKDataTypeIdentifierElectrocardiogram" + ends
          + "remove HKDataTypeIdentifierElectrocardiogram from toShare; apps may only read "
          + "these types: ask for them in read"
      ),
      (
        [], [HKCorrelationType(.food), HKQuantityType(.heartRate)],
        terminating + "Authorization to read the following types is disallowed: "
          + "HKCorrelationTypeIdentifierFood" + ends
          + "remove HKCorrelationTypeIdentifierFood from read; " + correlation
      ),
    ]
    for (share, read, message) in cases {
      let simulation = try HealthKitSimulation(scenario: healthScenario(samples: "[]"))
      try await simulation.run { () async throws -> Void in
        await #expect(throws: HealthKitSimulation.AppTermination.self) {
          try await HKHealthStore().requestAuthorization(toShare: share, read: read)
        }
      }
      #expect(simulation.reports.map(\.message) == [message])
    }
  }

  /// Asking for nothing terminates the app, in every form: the async request with two empty
  /// sets throws HealthKit's exception and the report says what to write instead; the
  /// completion form with `nil` sets never calls its completion and ends the run. The status
  /// calls validate the same way (fix21): empty sets, a correlation type to share and the
  /// vision prescription type to read each terminate the app (before, they answered
  /// `shouldRequest`), while valid sets still answer.
  @Test func askingForNothingOrADisallowedTypeTerminatesEveryForm() async throws {
    let asyncForm = try HealthKitSimulation(scenario: healthScenario(samples: "[]"))
    try await asyncForm.run { () async throws -> Void in
      await #expect(throws: HealthKitSimulation.AppTermination(message: Self.nothingAsked)) {
        try await HKHealthStore().requestAuthorization(toShare: [], read: [])
      }
    }
    #expect(asyncForm.result.errors.map(\.action) == ["requestAuthorization"])
    #expect(
      asyncForm.reports.map(\.message) == [
        "Terminating app due to uncaught exception 'NSInvalidArgumentException', reason: "
          + "'Must request authorization for at least one data type'; on a device this ends "
          + "the app whether or not the call is in a do { } catch { }; pass at least one type "
          + "in toShare or read, or skip the call when the app has no type to ask for"
      ])
    // The completion form: never called, the run ends with the termination.
    let completed = try await Self.terminationEndingTheRun { store, called in
      store.requestAuthorization(toShare: nil, read: nil) { _, _ in called() }
    }
    #expect(completed.message == Self.nothingAsked)
    #expect(completed.calls == 0)
    // The status calls: each refusal in a fresh run (a termination ends the app).
    let refusals: [(Set<HKSampleType>, Set<HKObjectType>, String)] = [
      ([], [], Self.nothingAsked),
      (
        [HKCorrelationType(.bloodPressure)], [heartRate],
        "Authorization to share the following types is disallowed: "
          + "HKCorrelationTypeIdentifierBloodPressure"
      ),
      (
        [steps], [HKObjectType.visionPrescriptionType()],
        "Authorization to read the following types is disallowed: "
          + "HKVisionPrescriptionTypeIdentifier"
      ),
    ]
    for (share, read, reason) in refusals {
      let simulation = try HealthKitSimulation(scenario: healthScenario(samples: "[]"))
      try await simulation.run { () async throws -> Void in
        await #expect(throws: HealthKitSimulation.AppTermination(message: reason)) {
          try await HKHealthStore().statusForAuthorizationRequest(toShare: share, read: read)
        }
      }
      #expect(simulation.result.errors.map(\.action) == ["getRequestStatusForAuthorization"])
      #expect(
        simulation.reports.map(\.call) == ["getRequestStatusForAuthorization(toShare:read:)"])
    }
    let answered = try await Self.terminationEndingTheRun { store, called in
      store.getRequestStatusForAuthorization(toShare: [], read: []) { _, _ in called() }
    }
    #expect(answered.message == Self.nothingAsked)
    #expect(answered.calls == 0)
    // Valid sets: the status calls answer, and check no usage description (HealthKit checks
    // those only when asking).
    let valid = try HealthKitSimulation(
      scenario: healthScenario(samples: "[]", extra: #""app": { "infoPlist": {} },"#))
    try await valid.run {
      let status = try await HKHealthStore().statusForAuthorizationRequest(
        toShare: [steps], read: [heartRate])
      #expect(status == .shouldRequest)
    }
    #expect(valid.appTermination == nil)
  }

  /// A correlation type and the types only Apple computes cannot be shared: asking terminates
  /// the app with HealthKit's exception text, listing the refused types in identifier order
  /// (trial19). Reading the Apple-computed ones is fine, and so is sharing the correlation's
  /// quantity types.
  @Test func sharingACorrelationOrAnAppleComputedTypeTerminatesTheApp() async throws {
    let bloodPressure = HKCorrelationType(.bloodPressure)
    let exercise = HKQuantityType(.appleExerciseTime)
    let simulation = try HealthKitSimulation(scenario: healthScenario(samples: "[]"))
    try await simulation.run {
      let store = HKHealthStore()
      try await store.requestAuthorization(
        toShare: [HKQuantityType(.bloodPressureSystolic), HKQuantityType(.bloodPressureDiastolic)],
        read: [exercise, HKCategoryType(.appleStandHour)])
      #expect(simulation.appTermination == nil)
      let message =
        "Authorization to share the following types is disallowed: "
        + "HKCorrelationTypeIdentifierBloodPressure, HKQuantityTypeIdentifierAppleExerciseTime"
      await #expect(throws: HealthKitSimulation.AppTermination(message: message)) {
        try await store.requestAuthorization(toShare: [exercise, bloodPressure], read: [])
      }
      #expect(store.authorizationStatus(for: exercise) == .notDetermined)
    }
    for identifier in [
      "HKQuantityTypeIdentifierAppleStandTime", "HKQuantityTypeIdentifierWalkingHeartRateAverage",
      "HKQuantityTypeIdentifierAppleSleepingWristTemperature",
      "HKCategoryTypeIdentifierAppleStandHour",
      "HKCategoryTypeIdentifierAppleWalkingSteadinessEvent",
    ] {
      #expect(HKHealthStore.appleComputedTypes.contains(identifier))
    }
    // Electrocardiograms are read-only (Apple's HKElectrocardiogramType page).
    let ecg = try HealthKitSimulation(scenario: healthScenario(samples: "[]"))
    try await ecg.run {
      let store = HKHealthStore()
      try await store.requestAuthorization(toShare: [], read: [.electrocardiogramType()])
      await #expect(
        throws: HealthKitSimulation.AppTermination(
          message:
            "Authorization to share the following types is disallowed: HKDataTypeIdentifierElectrocardiogram"
        )
      ) {
        try await store.requestAuthorization(toShare: [.electrocardiogramType()], read: [])
      }
    }
    // Apps write these.
    #expect(!HKHealthStore.shareDisallowed(HKQuantityType(.appleMoveTime)))
    #expect(!HKHealthStore.shareDisallowed(HKQuantityType(.workoutEffortScore)))
    #expect(!HKHealthStore.shareDisallowed(HKQuantityType(.bloodPressureSystolic)))
  }

  /// Nor can reading a correlation type be asked for: `read: [bloodPressure, heartRate]`
  /// terminates the app with "Authorization to read the following types is disallowed:
  /// HKCorrelationTypeIdentifierBloodPressure" (the exception as an app met it,
  /// Cap-go/capacitor-health#38), and the sheet never shows (heart rate stays unasked). With
  /// the food correlation and the vision prescription type (per-object) the message names both
  /// in identifier order. Reading systolic and diastolic instead goes through, and a correlation
  /// query then finds the app's blood pressure.
  @Test func readingACorrelationTypeTerminatesTheApp() async throws {
    let heartRate = HKQuantityType(.heartRate)
    let simulation = try HealthKitSimulation(scenario: healthScenario(samples: "[]"))
    try await simulation.run { () async throws -> Void in
      let store = HKHealthStore()
      await #expect(
        throws: HealthKitSimulation.AppTermination(
          message:
            "Authorization to read the following types is disallowed: HKCorrelationTypeIdentifierBloodPressure"
        )
      ) {
        try await store.requestAuthorization(
          toShare: [], read: [HKCorrelationType(.bloodPressure), heartRate])
      }
      // The app is gone: a later call is inert, the status call throws the termination again.
      await #expect(throws: HealthKitSimulation.AppTermination.self) {
        try await store.statusForAuthorizationRequest(toShare: [], read: [heartRate])
      }
    }
    #expect(
      !simulation.result.log.contains {
        if case .authorizationSheet = $0.kind { true } else { false }
      })
    let both = try HealthKitSimulation(scenario: healthScenario(samples: "[]"))
    try await both.run { () async throws -> Void in
      await #expect(
        throws: HealthKitSimulation.AppTermination(
          message:
            "Authorization to read the following types is disallowed: HKCorrelationTypeIdentifierFood, HKVisionPrescriptionTypeIdentifier"
        )
      ) {
        try await HKHealthStore().requestAuthorization(
          toShare: [],
          read: [HKObjectType.visionPrescriptionType(), HKCorrelationType(.food), heartRate])
      }
    }
    let allowed = try HealthKitSimulation(scenario: healthScenario(samples: "[]"))
    var found: [UUID] = []
    var saved: UUID?
    try await allowed.run {
      let store = HKHealthStore()
      let systolic = HKQuantityType(.bloodPressureSystolic)
      let diastolic = HKQuantityType(.bloodPressureDiastolic)
      try await store.requestAuthorization(
        toShare: [systolic, diastolic], read: [systolic, diastolic])
      let now = allowed.now
      let mmHg = HKUnit.millimeterOfMercury()
      let pressure = HKCorrelation(
        type: HKCorrelationType(.bloodPressure), start: now, end: now,
        objects: [
          HKQuantitySample(
            type: systolic, quantity: HKQuantity(unit: mmHg, doubleValue: 120), start: now,
            end: now),
          HKQuantitySample(
            type: diastolic, quantity: HKQuantity(unit: mmHg, doubleValue: 80), start: now,
            end: now),
        ])
      saved = pressure.uuid
      try await store.save(pressure)
      found = try await withCheckedThrowingContinuation { continuation in
        store.execute(
          HKCorrelationQuery(
            type: HKCorrelationType(.bloodPressure), predicate: nil, samplePredicates: nil
          ) { _, correlations, error in
            if let error {
              continuation.resume(throwing: error)
            } else {
              continuation.resume(returning: (correlations ?? []).map(\.uuid))
            }
          })
      }
    }
    #expect(allowed.appTermination == nil)
    #expect(found == [try #require(saved)])
  }

  @Test func theInfoPlistFileIsReadRelativeToTheScenario() async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "shk-plist-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let plist = try PropertyListSerialization.data(
      fromPropertyList: ["NSHealthShareUsageDescription": "Shows your steps"], format: .xml,
      options: 0)
    try plist.write(to: folder.appendingPathComponent("Info.plist"))
    let file = folder.appendingPathComponent("app.json")
    try Data(
      #"{ "version": 1, "app": { "infoPlist": "Info.plist" } }"#.utf8
    ).write(to: file)
    let simulation = try HealthKitSimulation(scenario: file)
    try await simulation.run {
      let store = HKHealthStore()
      try await store.requestAuthorization(toShare: [], read: [steps])
      // Sharing needs NSHealthUpdateUsageDescription, which the file lacks.
      await #expect(
        throws: HealthKitSimulation.AppTermination(
          message:
            "NSHealthUpdateUsageDescription must be set in the app's Info.plist in order to request write authorization for the following types: HKWorkoutTypeIdentifier"
        )
      ) {
        try await store.requestAuthorization(toShare: [HKObjectType.workoutType()], read: [])
      }
    }
    try Data(#"{ "version": 1, "app": { "infoPlist": "Missing.plist" } }"#.utf8).write(to: file)
    #expect {
      _ = try HealthKitSimulation(scenario: file)
    } throws: { error in
      (error as? SimulationError)?.path == "app.infoPlist"
    }
  }

  /// The Swift API refuses a bad Info.plist file with the reason `workout-sim validate` gives
  /// (docs/scenario-format.md#the-app).
  @Test func aBadInfoPlistFileSaysWhy() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "shk-plist-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    try Data("not a plist at all <".utf8).write(to: folder.appendingPathComponent("Bad.plist"))
    let array = try PropertyListSerialization.data(
      fromPropertyList: ["NSHealthShareUsageDescription"], format: .binary, options: 0)
    try array.write(to: folder.appendingPathComponent("Array.plist"))
    let file = folder.appendingPathComponent("app.json")
    let expected = "(expected an XML or binary property list whose top level is a dictionary)"
    let cases = [
      ("Missing.plist", "cannot read file: no such file", true),
      ("Bad.plist", "not a property list", false),
      ("Array.plist", "the top level is an array, not a dictionary", false),
    ]
    for (name, reason, unopenable) in cases {
      try Data(#"{ "version": 1, "app": { "infoPlist": "\#(name)" } }"#.utf8).write(to: file)
      #expect {
        _ = try HealthKitSimulation(scenario: file)
      } throws: { error in
        guard let error = error as? SimulationError else { return false }
        return error.description
          == "\(file.path): app.infoPlist: \(folder.path)/\(name): \(reason) \(expected)"
          && error.isUnopenableInput == unopenable
      }
    }
  }

  @Test func savingAndDeletingFollowHealthKitsRules() async throws {
    let simulation = try HealthKitSimulation(
      scenario: healthScenario(
        samples: HealthQueryTests.overlapping,
        extra: #""authorization": { "healthKit": { "share": { "denied": ["heartRate"] } } },"#))
    try await simulation.run {
      let store = HKHealthStore()
      let one = HKQuantitySample(
        type: steps, quantity: HKQuantity(unit: .count(), doubleValue: 10),
        start: simulation.now.addingTimeInterval(-60), end: simulation.now)
      // Before any request: not determined.
      await #expect(
        throws: HKError(.errorAuthorizationNotDetermined, "Authorization not determined")
      ) {
        try await store.save(one)
      }
      try await authorize(store)
      try await store.save(one)
      // The same UUID again fails; so does an array holding it, and then nothing of it is
      // saved.
      await #expect(throws: HKError.self) { try await store.save(one) }
      let two = HKQuantitySample(
        type: steps, quantity: HKQuantity(unit: .count(), doubleValue: 20),
        start: simulation.now, end: simulation.now)
      await #expect(throws: HKError.self) { try await store.save([two, one]) }
      #expect(await samples(store, simulation, steps).samples?.count == 3)
      // Sharing heart rate was denied.
      await #expect(throws: HKError(.errorAuthorizationDenied, "Not authorized")) {
        try await store.save(
          HKQuantitySample(
            type: heartRate, quantity: HKQuantity(unit: bpm, doubleValue: 70),
            start: simulation.now, end: simulation.now))
      }
      // The watch's samples are not the app's to delete.
      let watch = try #require(
        await samples(store, simulation, steps).samples?.first {
          $0.sourceRevision.source.name == "Apple Watch"
        })
      await #expect(throws: HKError(.errorAuthorizationDenied, "Not authorized")) {
        try await store.delete(watch)
      }
      try await store.save(two)
      let deleted = try await store.deleteObjects(
        of: steps,
        predicate: HKQuery.predicateForSamples(
          withStart: simulation.now.addingTimeInterval(-3600), end: nil))
      // The app's two samples go; the watch's and iPhone's stay.
      #expect(deleted == 2)
      #expect(await samples(store, simulation, steps).samples?.count == 2)
    }
  }

  @Test func trapMessagesAreHealthKits() {
    #expect(
      HKStatisticsQuery.optionsMessage(.discreteAverage, for: steps)
        == "Statistics option HKStatisticsOptionDiscreteAverage is not compatible with cumulative data type HKQuantityTypeIdentifierStepCount"
    )
    #expect(
      HKStatisticsQuery.optionsMessage([.cumulativeSum, .separateBySource], for: heartRate)
        == "Statistics option HKStatisticsOptionCumulativeSum is not compatible with discrete data type HKQuantityTypeIdentifierHeartRate"
    )
    #expect(HKStatisticsQuery.optionsMessage([.mostRecent, .duration], for: steps) == nil)
    #expect(HKStatisticsQuery.optionsMessage([.discreteMax, .mostRecent], for: heartRate) == nil)
    let query = HKSampleQuery(sampleType: steps, predicate: nil, limit: 0, sortDescriptors: nil) {
      _, _, _ in
    }
    #expect(
      HKQuery.executedTwiceMessage(query)
        == "<HKSampleQuery HKQuantityTypeIdentifierStepCount> has already been executed and cannot be executed again."
    )
    let anchored = HKAnchoredObjectQuery(type: steps, predicate: nil, anchor: nil, limit: 0) {
      _, _, _, _, _ in
    }
    #expect(
      HKQuery.notCallableMessage(anchored, setter: "setUpdateHandler:")
        == "HKAnchoredObjectQuery: setUpdateHandler: not callable after first execution")
    #expect(
      HKQuery.unreadablePredicateMessage(NSPredicate { _, _ in true }).hasPrefix(
        "SimulatedHealthKit cannot read the predicate "))
    #expect(
      NSSortDescriptor.unknownKeyMessage("quantity")
        == "NSSortDescriptor(key:ascending:): SimulatedHealthKit sorts samples by HKSampleSortIdentifierStartDate or HKSampleSortIdentifierEndDate (workouts also by HKWorkoutSortIdentifierDuration, HKWorkoutSortIdentifierTotalDistance, HKWorkoutSortIdentifierTotalEnergyBurned, HKWorkoutSortIdentifierTotalFlightsClimbed or HKWorkoutSortIdentifierTotalSwimmingStrokeCount), not quantity"
    )
    #expect(
      BucketGrid.emptyIntervalMessage
        == "HKStatisticsCollectionQuery: intervalComponents must describe a positive length")
  }

  @Test func theAuthorizationListsKnowEveryTypeTheModuleKnows() {
    let quantities = QuantityTypeInfo.table.keys.map(\.rawValue)
    let categories = HealthTypeCatalog.entries.filter { $0.kind == .category }.map(\.identifier)
    let names = Set(Scenario.Authorization.typeIdentifiers)
    #expect(names.isSuperset(of: quantities))
    #expect(names.isSuperset(of: categories))
    #expect(Scenario.Authorization.identifier(named: "stepCount") == steps.identifier)
    #expect(Scenario.Authorization.identifier(named: "vo2Max") == "HKQuantityTypeIdentifierVO2Max")
    #expect(Scenario.Authorization.identifier(named: "workout") == "HKWorkoutTypeIdentifier")
    #expect(
      Scenario.Authorization.identifier(named: "dietaryWater")
        == "HKQuantityTypeIdentifierDietaryWater")
    #expect(
      Scenario.Authorization.identifier(named: "uvExposure") == "HKQuantityTypeIdentifierUVExposure"
    )
    #expect(
      Scenario.Authorization.identifier(named: "dateOfBirth")
        == "HKCharacteristicTypeIdentifierDateOfBirth")
    // HealthKit does not authorize correlation types: an app asks for their quantity types.
    #expect(Scenario.Authorization.identifier(named: "bloodPressure") == nil)
  }
}
