#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

private func libmExp(_ x: Double) -> Double { exp(x) }
private func libmLog(_ x: Double) -> Double { log(x) }
private func libmCos(_ x: Double) -> Double { cos(x) }
private func libmSin(_ x: Double) -> Double { sin(x) }
private func libmAtan(_ x: Double) -> Double { atan(x) }
private func libmSqrt(_ x: Double) -> Double { sqrt(x) }
private func libmPow(_ x: Double, _ y: Double) -> Double { pow(x, y) }
private func libmAtan2(_ y: Double, _ x: Double) -> Double { atan2(y, x) }

/// Elementary functions for the pure models, taken from the platform's C math library (libm).
///
/// The standard library has no `exp`, `log` or trigonometric functions, so this is the one place
/// the core touches the C library, and only its pure math: no clock, no I/O, no global state.
/// All functions are IEEE 754 double precision.
public enum Elementary {
  /// e raised to `x`.
  public static func exp(_ x: Double) -> Double { libmExp(x) }

  /// Natural logarithm of `x` (x > 0).
  public static func log(_ x: Double) -> Double { libmLog(x) }

  /// Cosine of `x` radians.
  public static func cos(_ x: Double) -> Double { libmCos(x) }

  /// Sine of `x` radians.
  public static func sin(_ x: Double) -> Double { libmSin(x) }

  /// Arc tangent of `x`, in radians.
  public static func atan(_ x: Double) -> Double { libmAtan(x) }

  /// Square root of `x`.
  public static func sqrt(_ x: Double) -> Double { libmSqrt(x) }

  /// `x` raised to the power `y`.
  public static func pow(_ x: Double, _ y: Double) -> Double { libmPow(x, y) }

  /// Arc tangent of `y / x` in the correct quadrant, in radians.
  public static func atan2(_ y: Double, _ x: Double) -> Double { libmAtan2(y, x) }
}
