// FitnessTrackerTests
