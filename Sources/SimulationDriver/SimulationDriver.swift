// SimulationDriver: the simulated world every Simulated* framework builds on (docs/architecture.md):
// `AppSimulation` (one scenario's world on virtual time: the lock, the callback lane and its
// executor, the clock, holds, reports, devices, the world's agenda and the frameworks' registry).
// SimulatedHealthKit, SimulatedUserNotifications and the other frameworks register their state,
// timers and listeners here as peers; none of them owns the simulation.
// Re-exports Foundation, as the frameworks built on it do.
@_exported import Foundation
