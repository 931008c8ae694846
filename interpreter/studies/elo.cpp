#include "studies/elo.hpp"

#include <algorithm>
#include <cmath>

namespace tabula {
namespace {

using Matrix = std::vector<std::vector<double>>;

constexpr double kEloPerUnit = 400.0 / 2.302585092994046;  // Elo points per natural-log unit of odds
constexpr double kVirtualGames = 1;                        // the virtual draw against a player rated 0

double logistic(double x) { return 1 / (1 + std::exp(-x)); }

// The inverse of a symmetric positive definite matrix (Gauss-Jordan with partial pivoting).
Matrix inverse(Matrix a) {
  size_t n = a.size();
  Matrix inv(n, std::vector<double>(n, 0));
  for (size_t i = 0; i < n; ++i) inv[i][i] = 1;
  for (size_t col = 0; col < n; ++col) {
    size_t pivot = col;
    for (size_t r = col + 1; r < n; ++r)
      if (std::abs(a[r][col]) > std::abs(a[pivot][col])) pivot = r;
    std::swap(a[col], a[pivot]);
    std::swap(inv[col], inv[pivot]);
    double d = a[col][col];
    for (size_t k = 0; k < n; ++k) a[col][k] /= d, inv[col][k] /= d;
    for (size_t r = 0; r < n; ++r) {
      if (r == col || a[r][col] == 0) continue;
      double f = a[r][col];
      for (size_t k = 0; k < n; ++k) a[r][k] -= f * a[col][k], inv[r][k] -= f * inv[col][k];
    }
  }
  return inv;
}

// The gradient of the log-likelihood and the negative of its Hessian at `theta`.
void derivatives(const std::vector<PairScore>& scores, const std::vector<double>& theta, std::vector<double>& gradient,
                 Matrix& hessian) {
  size_t n = theta.size();
  gradient.assign(n, 0);
  hessian.assign(n, std::vector<double>(n, 0));
  for (size_t i = 0; i < n; ++i) {  // the virtual draw
    double p = logistic(theta[i]);
    gradient[i] += kVirtualGames * (0.5 - p);
    hessian[i][i] += kVirtualGames * p * (1 - p);
  }
  for (const auto& s : scores) {
    auto a = static_cast<size_t>(s.a), b = static_cast<size_t>(s.b);
    double p = logistic(theta[a] - theta[b]), w = s.games * p * (1 - p);
    gradient[a] += s.points - s.games * p;
    gradient[b] -= s.points - s.games * p;
    hessian[a][a] += w, hessian[b][b] += w;
    hessian[a][b] -= w, hessian[b][a] -= w;
  }
}

}  // namespace

std::vector<Rating> elo_ratings(const std::vector<std::string>& names, const std::vector<PairScore>& scores) {
  size_t n = names.size();
  std::vector<double> theta(n, 0), gradient;
  Matrix hessian;
  // Newton's method on a concave log-likelihood, each step at most one unit (about 174 Elo)
  // per player so that lopsided results cannot overshoot.
  for (int iteration = 0; iteration < 500; ++iteration) {
    derivatives(scores, theta, gradient, hessian);
    Matrix inv = inverse(hessian);
    double largest = 0;
    std::vector<double> step(n, 0);
    for (size_t i = 0; i < n; ++i) {
      for (size_t j = 0; j < n; ++j) step[i] += inv[i][j] * gradient[j];
      largest = std::max(largest, std::abs(step[i]));
    }
    double scale = largest > 1 ? 1 / largest : 1;
    for (size_t i = 0; i < n; ++i) theta[i] += scale * step[i];
    if (largest < 1e-10) break;
  }
  derivatives(scores, theta, gradient, hessian);
  Matrix cov = inverse(hessian);
  // Shift to average 0: the centred ratings are c = A theta with A = I - J/n, so their
  // covariance is A cov A^T.
  double mean = 0;
  for (double t : theta) mean += t / double(n);
  std::vector<double> row_mean(n, 0);
  double all_mean = 0;
  for (size_t i = 0; i < n; ++i) {
    for (size_t j = 0; j < n; ++j) row_mean[i] += cov[i][j] / double(n);
    all_mean += row_mean[i] / double(n);
  }
  std::vector<Rating> out;
  for (size_t i = 0; i < n; ++i) {
    double variance = std::max(0.0, cov[i][i] - 2 * row_mean[i] + all_mean);
    double elo = (theta[i] - mean) * kEloPerUnit, half = 1.96 * std::sqrt(variance) * kEloPerUnit;
    out.push_back(Rating{names[i], elo, Interval{elo - half, elo + half}, 0, 0});
  }
  for (const auto& s : scores) {
    out[static_cast<size_t>(s.a)].points += s.points, out[static_cast<size_t>(s.a)].games += s.games;
    out[static_cast<size_t>(s.b)].points += s.games - s.points, out[static_cast<size_t>(s.b)].games += s.games;
  }
  return out;
}

}  // namespace tabula
