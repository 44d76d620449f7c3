// SimulatedWatchKit: WatchKit's extended runtime sessions, application state and haptics
// under Apple's names, backed by the workout-sim engine's watch model and driven on virtual
// time by `AppSimulation` (docs/swift-api.md#watchkit). Watch app code keeps the real
// framework on the devices it runs on and changes only its import:
//
//     #if os(watchOS)
//     import WatchKit
//     #else
//     import SimulatedWatchKit
//     #endif
//
// Apple's API: https://developer.apple.com/documentation/watchkit
@_exported import Foundation
// The simulation (`AppSimulation`) the framework runs on: a test that imports only this module
// can make one.
@_exported import SimulationDriver
