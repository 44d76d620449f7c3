// swift-tools-version: 6.2
// workout-sim: a deterministic Apple Watch workout engine simulator.
// Module dependencies point one way only:
//   WorkoutCore (stdlib: the workout: time, session, builder, sampler, record)
//     <- WorkoutSystem (stdlib; Core: the watch and phone around it, lifecycle, extended
//        runtime, auto-pause, link, mirroring, motion, reminders, health sync, and the
//        WorkoutEngine that composes them with the workout)
//     <- WorkoutPhysiology (stdlib; Core, System)
//   WorkoutText (stdlib: ISO 8601, number and duration text)
//   WorkoutJSON (stdlib) <- WorkoutRecordings (Foundation: FIT/TCX/GPX readers)
//   WorkoutHealth (stdlib; Core: the health store's samples, queries and merge, the generator
//     of a person's days)
//   WorkoutScenario (Foundation; Core, System, Physiology, JSON, Health)
//   WorkoutSimulation (Foundation; Scenario, Core, System, Physiology, JSON, Recordings, Text, Watch:
//     runs, the crown selector, the typed result, its JSON encoding and the FIT/TCX/GPX/CSV/JSON
//     exporters)
//   WorkoutExplore (stdlib; Core, Scenario, JSON: faults, seeded worlds, shrinking)
//   WorkoutWatch (stdlib; Core: crown selector, rings) <- WorkoutRendering (stdlib; System:
//     pure frames)
//   WorkoutTerminal (Glibc: raw mode, keys, screens, signals)
//   WorkoutWatchFace (stdlib; Simulation, Scenario, Core, Watch, Rendering, Terminal, Text: the
//     watch face's state, playback pacing, key bindings and the event-loop driver, no process)
//   WorkoutFiles (Glibc: input files read whole, refusing FIFOs, devices and link loops)
//   SimulationDriver (Foundation, Synchronization; Simulation, Scenario, Core, Health, Text: the
//     simulated world every Simulated* framework builds on, `AppSimulation`: lock, callback lane,
//     executor, clock, holds, reports, devices, the world's agenda, the frameworks' registry)
//   SimulatedHealthKit (Foundation; SimulationDriver, Simulation, Scenario, Core, System, Physiology,
//     Text, CoreLocationValues: HealthKit's own names and shapes on the engine, one framework on
//     the driver; `HealthKitSimulation` is its name for `AppSimulation`)
//   SimulatedHealthKitTesting (Testing, XCTest; SimulatedHealthKit, Scenario, Simulation,
//     Report: the `.simulation(scenario:)` trait and XCTest's `simulate(scenario:)`, for tests)
//   SimulatedUserNotifications, SimulatedWidgetKit, SimulatedBackgroundTasks, SimulatedNetwork,
//     SimulatedWatchKit (Foundation; SimulationDriver, Simulation, Scenario, Core, System,
//     Health:
//     UNUserNotificationCenter, WidgetKit's timelines and reload budget (the phone's widgets and
//     the watch's complications), BGTaskScheduler, the phone's network under URLSession and
//     NWPathMonitor, WatchKit's extended runtime sessions, app state and haptics, on the same
//     AppSimulation; WatchKit adds SimulatedHealthKit for HKWorkoutConfiguration)
//     SimulatedCoreMotion (the same: CMMotionActivityManager and CMPedometer)
//     SimulatedCoreLocation (the same, and Physiology, CoreLocationValues: CLLocationManager
//     and CLLocationUpdate, fixes from the course on the simulation's agenda)
//   SimulatedRelevanceKit (Foundation: RelevanceKit's `RelevantContext` values, which
//     SimulatedWidgetKit depends on and evaluates for the watch's Smart Stack)
//   SimulatedCoreLocationValues (Foundation: CLLocation, CLLocationCoordinate2D; re-exported
//     by SimulatedHealthKit, whose route builder takes them, and by SimulatedCoreLocation)
//     SimulatedWatchConnectivity (the same: WCSession with both ends)
//     SimulatedWorkoutKit (the same, and SimulatedHealthKit: WorkoutKit's workout compositions
//     and WorkoutScheduler)
//   FitnessTrackerKit <- FitnessTracker, FitnessTrackerWidget, FitnessTrackerWatch
//     (Examples/FitnessTracker: the seed fitness-tracker app's shared code, iPhone app, widget
//     extension and watch app on the simulated frameworks)
//   FitnessTrackerPhone (Examples/FitnessTracker: FitnessTracker, FitnessTrackerKit,
//     FitnessTrackerWidget, SimulatedHealthKit, SimulatedUserNotifications, SimulatedWidgetKit,
//     WorkoutSimCLI's `package` helpers, Simulation, Scenario, JSON, Core, Rendering, Terminal,
//     WatchFace, Text: the app's screens on a terminal, a summary or JSON without one)
//     <- fitness-tracker-phone (executable of the example, not a product)
//   WorkoutAppExample (Examples/WorkoutApp: the seed app's WorkoutManager on SimulatedHealthKit)
//   HealthAppExample (Examples/HealthApp: the seed app's HealthKitManager on SimulatedHealthKit)
//   RecoveryAppExample (Examples/RecoveryApp: a watch app's run manager with a recovery bug, on
//     SimulatedHealthKit and SimulatedWatchKit; explored in its tests)
//   WorkoutReport (Foundation; Simulation, Core, Watch, Text: the report page, HTML with inline
//     SVG, from the typed result)
//   WorkoutSimCLI (Foundation; Simulation, Scenario, JSON, Core, System, Rendering, Terminal, Watch,
//     Recordings, Files, Text, WatchFace, Report, Explore: commands, parsing, output, the
//     terminal and process wiring of the watch face) <- workout-sim (executable)
//   WorkoutSimTestSupport (Tests/: Foundation, Scenario, JSON; what the test targets share,
//     for tests only) <- the test targets; WorkoutSimCLITests never start the binary,
//     WorkoutSimEndToEndTests and FitnessTrackerPhoneEndToEndTests do.
// No product target depends on example code. Nothing imports WorkoutSimCLI but workout-sim,
// the example's FitnessTrackerPhone and the tests.
import PackageDescription

let strict: [SwiftSetting] = [
  .swiftLanguageMode(.v6)
]

/// What every simulated framework beside HealthKit is built on: the simulation driver
/// (`AppSimulation`) and the engine's types. A framework that uses HealthKit's types
/// (WatchKit's `handle(_: HKWorkoutConfiguration)`) adds SimulatedHealthKit.
let systemFramework: [Target.Dependency] = [
  "SimulationDriver", "WorkoutSimulation", "WorkoutScenario", "WorkoutCore", "WorkoutSystem",
  "WorkoutHealth",
]

let package = Package(
  name: "workout-sim",
  platforms: [.macOS(.v15)],
  products: [
    .executable(name: "workout-sim", targets: ["workout-sim"]),
    .library(name: "WorkoutCore", targets: ["WorkoutCore"]),
    .library(name: "WorkoutSystem", targets: ["WorkoutSystem"]),
    .library(name: "WorkoutPhysiology", targets: ["WorkoutPhysiology"]),
    .library(name: "WorkoutHealth", targets: ["WorkoutHealth"]),
    .library(name: "WorkoutScenario", targets: ["WorkoutScenario"]),
    .library(name: "WorkoutSimulation", targets: ["WorkoutSimulation"]),
    .library(name: "WorkoutExplore", targets: ["WorkoutExplore"]),
    .library(name: "SimulationDriver", targets: ["SimulationDriver"]),
    .library(name: "SimulatedHealthKit", targets: ["SimulatedHealthKit"]),
    .library(name: "SimulatedHealthKitTesting", targets: ["SimulatedHealthKitTesting"]),
    .library(name: "SimulatedUserNotifications", targets: ["SimulatedUserNotifications"]),
    .library(name: "SimulatedWidgetKit", targets: ["SimulatedWidgetKit"]),
    .library(name: "SimulatedRelevanceKit", targets: ["SimulatedRelevanceKit"]),
    .library(name: "SimulatedBackgroundTasks", targets: ["SimulatedBackgroundTasks"]),
    .library(name: "SimulatedNetwork", targets: ["SimulatedNetwork"]),
    .library(name: "SimulatedWatchKit", targets: ["SimulatedWatchKit"]),
    .library(name: "SimulatedCoreMotion", targets: ["SimulatedCoreMotion"]),
    .library(name: "SimulatedCoreLocation", targets: ["SimulatedCoreLocation"]),
    .library(name: "SimulatedWatchConnectivity", targets: ["SimulatedWatchConnectivity"]),
    .library(name: "SimulatedWorkoutKit", targets: ["SimulatedWorkoutKit"]),
  ],
  targets: [
    .target(name: "WorkoutCore", swiftSettings: strict),
    .target(name: "WorkoutSystem", dependencies: ["WorkoutCore"], swiftSettings: strict),
    .target(
      name: "WorkoutPhysiology", dependencies: ["WorkoutCore", "WorkoutSystem", "WorkoutText"],
      swiftSettings: strict),
    .target(name: "WorkoutHealth", dependencies: ["WorkoutCore"], swiftSettings: strict),
    .target(name: "WorkoutJSON", swiftSettings: strict),
    .target(name: "WorkoutText", swiftSettings: strict),
    .target(name: "WorkoutFiles", swiftSettings: strict),
    .target(
      name: "WorkoutScenario",
      dependencies: [
        "WorkoutCore", "WorkoutSystem", "WorkoutPhysiology", "WorkoutJSON", "WorkoutFiles",
        "WorkoutText",
        "WorkoutHealth",
      ],
      swiftSettings: strict),
    // Seeded worlds with faults (docs/explore.md): the fault model, its draw, its worlds as
    // scenarios and files, and shrinking; no Foundation of its own.
    .target(
      name: "WorkoutExplore",
      dependencies: ["WorkoutCore", "WorkoutSystem", "WorkoutScenario", "WorkoutJSON"],
      swiftSettings: strict),
    .target(name: "WorkoutWatch", dependencies: ["WorkoutCore"], swiftSettings: strict),
    .target(
      name: "WorkoutRendering",
      dependencies: ["WorkoutCore", "WorkoutSystem", "WorkoutWatch", "WorkoutText"],
      swiftSettings: strict
    ),
    .target(name: "WorkoutTerminal", swiftSettings: strict),
    .target(
      name: "WorkoutWatchFace",
      dependencies: [
        "WorkoutSimulation", "WorkoutScenario", "WorkoutCore", "WorkoutWatch", "WorkoutRendering",
        "WorkoutTerminal", "WorkoutText",
      ],
      swiftSettings: strict),
    .target(
      name: "WorkoutRecordings", dependencies: ["WorkoutJSON", "WorkoutFiles", "WorkoutText"],
      swiftSettings: strict),
    .target(
      name: "WorkoutSimulation",
      dependencies: [
        "WorkoutCore", "WorkoutSystem", "WorkoutPhysiology", "WorkoutJSON", "WorkoutScenario",
        "WorkoutRecordings",
        "WorkoutFiles", "WorkoutWatch", "WorkoutText", "WorkoutHealth",
      ],
      swiftSettings: strict),
    .target(
      name: "WorkoutReport",
      dependencies: ["WorkoutSimulation", "WorkoutCore", "WorkoutWatch", "WorkoutText"],
      swiftSettings: strict),
    .target(
      name: "WorkoutSimCLI",
      dependencies: [
        "WorkoutSimulation", "WorkoutScenario", "WorkoutJSON", "WorkoutCore", "WorkoutSystem",
        "WorkoutRendering",
        "WorkoutTerminal", "WorkoutWatch", "WorkoutRecordings", "WorkoutFiles", "WorkoutText",
        "WorkoutWatchFace", "WorkoutReport", "WorkoutExplore",
      ],
      swiftSettings: strict),
    // Core Location's values, which HealthKit's route builder takes and SimulatedHealthKit
    // re-exports, as HealthKit imports CoreLocation.
    .target(name: "SimulatedCoreLocationValues", swiftSettings: strict),
    // The simulation driver every Simulated* framework builds on: `AppSimulation` (the lock,
    // the callback lane and its executor, the clock, holds, reports, devices, the world's
    // agenda, the frameworks' registry); no framework's types.
    .target(
      name: "SimulationDriver",
      dependencies: [
        "WorkoutSimulation", "WorkoutScenario", "WorkoutCore", "WorkoutSystem", "WorkoutHealth",
        "WorkoutText",
      ],
      swiftSettings: strict),
    .target(
      name: "SimulatedHealthKit",
      dependencies: [
        "SimulationDriver", "WorkoutSimulation", "WorkoutScenario", "WorkoutCore", "WorkoutSystem",
        "WorkoutPhysiology", "WorkoutText", "WorkoutHealth", "WorkoutWatch",
        "SimulatedCoreLocationValues",
      ],
      swiftSettings: strict),
    // Swift Testing's `.simulation(scenario:)` trait and XCTest's `simulate(scenario:)`: for
    // test targets only (it imports Testing and XCTest).
    .target(
      name: "SimulatedHealthKitTesting",
      dependencies: [
        "SimulatedHealthKit", "WorkoutScenario", "WorkoutSimulation", "WorkoutReport",
        "WorkoutExplore",
      ],
      swiftSettings: strict),
    .target(
      name: "SimulatedUserNotifications", dependencies: systemFramework, swiftSettings: strict),
    // RelevanceKit's clues: values only (Foundation); SimulatedWidgetKit evaluates them.
    .target(name: "SimulatedRelevanceKit", swiftSettings: strict),
    .target(
      name: "SimulatedWidgetKit",
      dependencies: systemFramework + ["SimulatedRelevanceKit", "SimulatedHealthKit"],
      swiftSettings: strict),
    .target(name: "SimulatedBackgroundTasks", dependencies: systemFramework, swiftSettings: strict),
    .target(name: "SimulatedNetwork", dependencies: systemFramework, swiftSettings: strict),
    .target(
      name: "SimulatedWatchKit", dependencies: systemFramework + ["SimulatedHealthKit"],
      swiftSettings: strict),
    .target(
      name: "SimulatedCoreMotion", dependencies: systemFramework + ["WorkoutPhysiology"],
      swiftSettings: strict),
    .target(
      name: "SimulatedCoreLocation",
      dependencies: systemFramework + ["WorkoutPhysiology", "SimulatedCoreLocationValues"],
      swiftSettings: strict),
    .target(
      name: "SimulatedWatchConnectivity", dependencies: systemFramework + ["WorkoutPhysiology"],
      swiftSettings: strict),
    // WorkoutKit's workout compositions and WorkoutScheduler: HealthKit's activity and
    // location types in its signatures.
    .target(
      name: "SimulatedWorkoutKit", dependencies: systemFramework + ["SimulatedHealthKit"],
      swiftSettings: strict),
    // The seed fitness-tracker app (README, "Testing an iPhone app"): code shared by the app,
    // its widget and its watch app; the iPhone app; the widget extension; the watch app.
    .target(
      name: "FitnessTrackerKit",
      dependencies: [
        "SimulatedHealthKit", "SimulatedUserNotifications", "SimulatedWidgetKit",
      ],
      path: "Examples/FitnessTracker/Sources/FitnessTrackerKit", swiftSettings: strict),
    .target(
      name: "FitnessTracker",
      dependencies: [
        "FitnessTrackerKit", "SimulatedHealthKit", "SimulatedUserNotifications",
        "SimulatedWidgetKit", "SimulatedBackgroundTasks", "SimulatedNetwork",
        "SimulatedWatchConnectivity", "SimulatedCoreMotion",
      ],
      path: "Examples/FitnessTracker/Sources/FitnessTracker", swiftSettings: strict),
    .target(
      name: "FitnessTrackerWidget",
      dependencies: ["FitnessTrackerKit", "SimulatedWidgetKit"],
      path: "Examples/FitnessTracker/Sources/FitnessTrackerWidget", swiftSettings: strict),
    .target(
      name: "FitnessTrackerWatch",
      dependencies: [
        "FitnessTrackerKit", "SimulatedHealthKit", "SimulatedWidgetKit",
        "SimulatedWatchConnectivity",
      ],
      path: "Examples/FitnessTracker/Sources/FitnessTrackerWatch", swiftSettings: strict),
    // The example's phone program (docs/phone.md#fitness-tracker-phone): the app's own models
    // on a simulation of a scenario, its screens on a terminal, a summary or JSON without one.
    // Example code on the product (WorkoutSimCLI's parsing, messages and terminal wiring, its
    // `package` declarations), never the other way round.
    .target(
      name: "FitnessTrackerPhone",
      dependencies: [
        "FitnessTracker", "FitnessTrackerKit", "FitnessTrackerWidget", "SimulatedHealthKit",
        "SimulatedUserNotifications", "SimulatedWidgetKit", "WorkoutSimCLI", "WorkoutSimulation",
        "WorkoutScenario", "WorkoutJSON", "WorkoutCore", "WorkoutRendering", "WorkoutTerminal",
        "WorkoutWatchFace", "WorkoutText",
      ],
      path: "Examples/FitnessTracker/Sources/FitnessTrackerPhone", swiftSettings: strict),
    .executableTarget(
      name: "fitness-tracker-phone", dependencies: ["FitnessTrackerPhone"],
      path: "Examples/FitnessTracker/Sources/fitness-tracker-phone", swiftSettings: strict),
    // The seed app's WorkoutManager, app code on SimulatedHealthKit, and its tests: how an app
    // tests its own HealthKit code (README, "Testing your app's HealthKit code").
    .target(
      name: "WorkoutAppExample", dependencies: ["SimulatedHealthKit"], path: "Examples/WorkoutApp",
      exclude: ["Scenarios"], swiftSettings: strict),
    // The seed app's iPhone HealthKitManager (reads of the health store, background delivery)
    // on SimulatedHealthKit, and its tests (README, "Testing your app's HealthKit code").
    .target(
      name: "HealthAppExample", dependencies: ["SimulatedHealthKit"], path: "Examples/HealthApp",
      exclude: ["Scenarios"], swiftSettings: strict),
    // A watch app's workout manager with a recovery bug that `explore` finds (issue 30's worked
    // example): the relaunched app recovers its session but forgets the builder.
    .target(
      name: "RecoveryAppExample", dependencies: ["SimulatedHealthKit", "SimulatedWatchKit"],
      path: "Examples/RecoveryApp", exclude: ["Scenarios", "README.md"], swiftSettings: strict),
    .executableTarget(name: "workout-sim", dependencies: ["WorkoutSimCLI"], swiftSettings: strict),
    .executableTarget(
      name: "workout-sim-bench",
      dependencies: ["WorkoutCore", "WorkoutSystem", "WorkoutPhysiology"],
      path: "Benchmarks/workout-sim-bench", swiftSettings: strict),
    .executableTarget(
      name: "workout-sim-apibench", dependencies: ["SimulatedHealthKit"],
      path: "Benchmarks/workout-sim-apibench", swiftSettings: strict),
    // The long-run memory benchmark (scripts/bench-route.sh): a 12-hour workout with its route.
    .executableTarget(
      name: "workout-sim-routebench",
      dependencies: ["SimulatedHealthKit", "SimulatedCoreLocation"],
      path: "Benchmarks/workout-sim-routebench", swiftSettings: strict),
    // The live pedometer's benchmark (scripts/bench-pedometer.sh): updates from a week back
    // against updates from now.
    .executableTarget(
      name: "workout-sim-pedometerbench",
      dependencies: ["SimulatedHealthKit", "SimulatedCoreMotion"],
      path: "Benchmarks/workout-sim-pedometerbench", swiftSettings: strict),
    .executableTarget(
      name: "workout-sim-healthgen",
      dependencies: ["WorkoutSimulation", "WorkoutScenario", "WorkoutHealth", "WorkoutCore"],
      path: "Benchmarks/workout-sim-healthgen", swiftSettings: strict),
    .executableTarget(
      name: "workout-sim-readbench", dependencies: ["WorkoutRecordings"],
      path: "Benchmarks/workout-sim-readbench", swiftSettings: strict),
    // The heart-rate fit's benchmark (scripts/bench-calibrate.sh): the pure physiology only.
    .executableTarget(
      name: "workout-sim-fitbench", dependencies: ["WorkoutPhysiology", "WorkoutCore"],
      path: "Benchmarks/workout-sim-fitbench", swiftSettings: strict),
    // The health store's benchmark (scripts/bench-health.sh): WorkoutHealth and what it is
    // built on only.
    .executableTarget(
      name: "workout-sim-healthbench", dependencies: ["WorkoutHealth", "WorkoutCore"],
      path: "Benchmarks/workout-sim-healthbench", swiftSettings: strict),
    // What the test targets share (decoding a scenario from JSON text, the bundled scenarios,
    // temporary folders, running the built binaries, comparing JSON): a library for tests only,
    // not a product; Foundation and the engine's text formats, no test framework.
    .target(
      name: "WorkoutSimTestSupport", dependencies: ["WorkoutScenario", "WorkoutJSON"],
      path: "Tests/WorkoutSimTestSupport", swiftSettings: strict),
    .testTarget(name: "WorkoutCoreTests", dependencies: ["WorkoutCore"], swiftSettings: strict),
    .testTarget(
      name: "WorkoutSystemTests", dependencies: ["WorkoutSystem", "WorkoutCore"],
      swiftSettings: strict),
    .testTarget(
      name: "WorkoutHealthTests", dependencies: ["WorkoutHealth", "WorkoutCore"],
      swiftSettings: strict),
    .testTarget(
      name: "WorkoutPhysiologyTests",
      dependencies: ["WorkoutPhysiology", "WorkoutCore", "WorkoutSystem"],
      swiftSettings: strict),
    .testTarget(name: "WorkoutJSONTests", dependencies: ["WorkoutJSON"], swiftSettings: strict),
    .testTarget(name: "WorkoutTextTests", dependencies: ["WorkoutText"], swiftSettings: strict),
    .testTarget(
      name: "WorkoutScenarioTests",
      dependencies: [
        "WorkoutScenario", "WorkoutJSON", "WorkoutHealth", "WorkoutSystem", "WorkoutSimTestSupport",
      ],
      resources: [.copy("Fixtures")], swiftSettings: strict),
    .testTarget(
      name: "WorkoutSimulationTests",
      dependencies: [
        "WorkoutSimulation", "WorkoutScenario", "WorkoutCore", "WorkoutSystem", "WorkoutJSON",
        "WorkoutRecordings", "WorkoutPhysiology", "WorkoutHealth",
        "WorkoutSimTestSupport",
      ],
      swiftSettings: strict),
    // The command line's unit tests: its parsing, commands and output in process, on a
    // `CLIEnvironment` of closures; they never start the binary.
    .testTarget(
      name: "WorkoutSimCLITests",
      dependencies: [
        "WorkoutSimCLI", "WorkoutJSON", "WorkoutScenario", "WorkoutCore", "WorkoutSystem",
        "WorkoutTerminal", "WorkoutRendering", "WorkoutWatch", "WorkoutSimulation",
        "WorkoutSimTestSupport", "WorkoutExplore",
      ],
      swiftSettings: strict),
    // The tests that start the built `workout-sim` as a user would (pipes, a pseudo-terminal,
    // files, signals) and compare it with the library.
    .testTarget(
      name: "WorkoutSimEndToEndTests",
      dependencies: [
        "workout-sim", "WorkoutJSON", "WorkoutScenario", "WorkoutCore", "WorkoutSimulation",
        "WorkoutSimTestSupport",
      ],
      resources: [.copy("Fixtures")],
      swiftSettings: strict),
    .testTarget(
      name: "WorkoutWatchFaceTests",
      dependencies: [
        "WorkoutWatchFace", "WorkoutSimulation", "WorkoutScenario", "WorkoutCore", "WorkoutWatch",
        "WorkoutRendering", "WorkoutTerminal",
        "WorkoutSimTestSupport",
      ],
      swiftSettings: strict),
    .testTarget(
      name: "WorkoutReportTests",
      dependencies: [
        "WorkoutReport", "WorkoutSimulation", "WorkoutScenario", "WorkoutCore", "WorkoutWatch",
        "WorkoutSimTestSupport",
      ],
      swiftSettings: strict),
    .testTarget(
      name: "WorkoutWatchTests", dependencies: ["WorkoutWatch", "WorkoutCore"],
      swiftSettings: strict),
    .testTarget(
      name: "WorkoutRenderingTests",
      dependencies: ["WorkoutRendering", "WorkoutWatch", "WorkoutCore", "WorkoutSystem"],
      resources: [.copy("Snapshots")], swiftSettings: strict),
    .testTarget(
      name: "WorkoutTerminalTests", dependencies: ["WorkoutTerminal", "WorkoutSimTestSupport"],
      swiftSettings: strict),
    .testTarget(
      name: "SimulatedHealthKitTests",
      dependencies: [
        "SimulatedHealthKit", "WorkoutSimulation", "WorkoutScenario", "WorkoutPhysiology",
        "WorkoutCore",
        "WorkoutSystem", "WorkoutJSON", "WorkoutHealth", "WorkoutWatch",
        "WorkoutSimTestSupport",
      ],
      swiftSettings: strict),
    .testTarget(
      name: "WorkoutAppExampleTests",
      dependencies: [
        "WorkoutAppExample", "SimulatedHealthKit", "WorkoutSimulation", "WorkoutScenario",
      ],
      path: "Examples/WorkoutAppTests", swiftSettings: strict),
    .testTarget(
      name: "RecoveryAppExampleTests",
      dependencies: [
        "RecoveryAppExample", "SimulatedHealthKit", "SimulatedWatchKit",
        "SimulatedHealthKitTesting", "WorkoutExplore", "WorkoutScenario", "WorkoutCore",
      ],
      path: "Examples/RecoveryAppTests", swiftSettings: strict),
    .testTarget(
      name: "HealthAppExampleTests",
      dependencies: [
        "HealthAppExample", "SimulatedHealthKit", "WorkoutSimulation", "WorkoutScenario",
        "WorkoutCore",
      ],
      path: "Examples/HealthAppTests", swiftSettings: strict),
    .testTarget(
      name: "SimulatedFrameworksTests",
      dependencies: [
        "SimulatedUserNotifications", "SimulatedWidgetKit", "SimulatedBackgroundTasks",
        "SimulatedNetwork", "SimulatedWatchKit", "SimulatedCoreMotion", "SimulatedCoreLocation",
        "SimulatedWatchConnectivity", "SimulatedHealthKit", "WorkoutSimulation", "WorkoutScenario",
        "WorkoutCore", "WorkoutSystem", "WorkoutHealth", "WorkoutJSON", "SimulatedRelevanceKit",
        "SimulatedWorkoutKit", "WorkoutSimTestSupport",
      ],
      swiftSettings: strict),
    .testTarget(
      name: "FitnessTrackerTests",
      dependencies: [
        "FitnessTracker", "FitnessTrackerKit", "FitnessTrackerWidget", "FitnessTrackerWatch",
        "SimulatedHealthKit", "SimulatedUserNotifications", "SimulatedWidgetKit",
        "SimulatedBackgroundTasks", "SimulatedNetwork", "SimulatedWatchConnectivity",
        "SimulatedCoreMotion", "WorkoutSimulation", "WorkoutScenario", "WorkoutCore",
        "SimulatedHealthKitTesting", "WorkoutExplore",
      ],
      path: "Examples/FitnessTracker/Tests/FitnessTrackerTests", swiftSettings: strict),
    // The phone program's unit tests (parsing, keys, the renderer's snapshots, the document and
    // the summary), and its end-to-end tests, which start the built `fitness-tracker-phone`.
    .testTarget(
      name: "FitnessTrackerPhoneTests",
      dependencies: [
        "FitnessTrackerPhone", "WorkoutSimCLI", "WorkoutJSON", "WorkoutScenario", "WorkoutCore",
        "WorkoutRendering", "WorkoutTerminal", "WorkoutSimTestSupport",
      ],
      path: "Examples/FitnessTracker/Tests/FitnessTrackerPhoneTests",
      resources: [.copy("Fixtures")], swiftSettings: strict),
    .testTarget(
      name: "FitnessTrackerPhoneEndToEndTests",
      dependencies: [
        "fitness-tracker-phone", "workout-sim", "WorkoutJSON", "WorkoutSimTestSupport",
      ],
      path: "Examples/FitnessTracker/Tests/FitnessTrackerPhoneEndToEndTests",
      resources: [.copy("Fixtures")], swiftSettings: strict),
    .testTarget(
      name: "SimulatedHealthKitTestingTests",
      dependencies: ["SimulatedHealthKitTesting", "SimulatedHealthKit", "WorkoutScenario"],
      resources: [.copy("trait-run.json"), .copy("explore-run.json"), .copy("Nested")],
      swiftSettings: strict),
    .testTarget(
      name: "WorkoutExploreTests",
      dependencies: [
        "WorkoutExplore", "WorkoutScenario", "WorkoutSimulation", "WorkoutCore", "WorkoutJSON",
        "WorkoutSimTestSupport",
      ],
      swiftSettings: strict),
    .testTarget(
      name: "WorkoutRecordingsTests", dependencies: ["WorkoutRecordings", "WorkoutJSON"],
      swiftSettings: strict),
  ]
)

// libFuzzer targets (Fuzz/, one file each), declared only when scripts/fuzz.sh sets
// WORKOUT_SIM_FUZZ=1 and builds them with `--sanitize=fuzzer --sanitize=address` in a scratch
// folder of their own; `swift build` and `swift test` never see them. `-parse-as-library`:
// libFuzzer provides `main`.
if Context.environment["WORKOUT_SIM_FUZZ"] == "1" {
  let fuzzTargets: [(String, [Target.Dependency])] = [
    ("FuzzScenario", ["WorkoutScenario"]),
    ("FuzzFIT", ["WorkoutRecordings", "FuzzSupport"]),
    ("FuzzTCX", ["WorkoutRecordings", "FuzzSupport"]),
    ("FuzzGPX", ["WorkoutRecordings", "FuzzSupport"]),
    (
      "FuzzCourse",
      ["WorkoutRecordings", "WorkoutSimulation", "WorkoutCore", "WorkoutPhysiology", "FuzzSupport"]
    ),
  ]
  // The helpers the targets share (the input copy, decoding, the FIT CRC repair).
  package.targets.append(
    .target(
      name: "FuzzSupport", dependencies: ["WorkoutRecordings"], path: "Fuzz/FuzzSupport",
      swiftSettings: strict))
  for (name, dependencies) in fuzzTargets {
    package.targets.append(
      .executableTarget(
        name: name, dependencies: dependencies, path: "Fuzz/\(name)",
        swiftSettings: strict + [.unsafeFlags(["-parse-as-library"])]))
  }
}
