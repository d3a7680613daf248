// Glicko-2 (glicko2.hpp): the step numbers are those of Glickman's example paper.
#include "club/glicko2.hpp"

#include <cmath>

namespace ck::club::glicko2 {
namespace {

constexpr double Pi = 3.14159265358979323846;

double g_of(double phi) { return 1.0 / std::sqrt(1.0 + 3.0 * phi * phi / (Pi * Pi)); }

double e_of(double mu, double mu_j, double phi_j) {
    return 1.0 / (1.0 + std::exp(-g_of(phi_j) * (mu - mu_j)));
}

}  // namespace

Rating update(const Rating& player, const std::vector<GameScore>& games, double tau) {
    // Step 2: to the Glicko-2 scale.
    const double mu = (player.rating - InitialRating) / Scale;
    const double phi = player.deviation / Scale;
    const double sigma = player.volatility;
    if (games.empty()) {  // Step 6 alone
        return Rating{player.rating, Scale * std::sqrt(phi * phi + sigma * sigma), sigma};
    }
    // Steps 3 and 4: the estimated variance v and the improvement delta.
    double v_inverse = 0.0;
    double sum = 0.0;
    for (const GameScore& game : games) {
        const double mu_j = (game.opponent.rating - InitialRating) / Scale;
        const double phi_j = game.opponent.deviation / Scale;
        const double g = g_of(phi_j);
        const double e = e_of(mu, mu_j, phi_j);
        v_inverse += g * g * e * (1.0 - e);
        sum += g * (game.score - e);
    }
    const double v = 1.0 / v_inverse;
    const double delta = v * sum;
    // Step 5: the new volatility (Illinois algorithm).
    const double a = std::log(sigma * sigma);
    const auto f = [&](double x) {
        const double ex = std::exp(x);
        const double d = phi * phi + v + ex;
        return ex * (delta * delta - phi * phi - v - ex) / (2.0 * d * d) - (x - a) / (tau * tau);
    };
    double big_a = a;
    double big_b = 0.0;
    if (delta * delta > phi * phi + v) {
        big_b = std::log(delta * delta - phi * phi - v);
    } else {
        int k = 1;
        while (f(a - k * tau) < 0.0) ++k;
        big_b = a - k * tau;
    }
    double f_a = f(big_a);
    double f_b = f(big_b);
    while (std::fabs(big_b - big_a) > Tolerance) {
        const double big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a);
        const double f_c = f(big_c);
        if (f_c * f_b <= 0.0) {
            big_a = big_b;
            f_a = f_b;
        } else {
            f_a /= 2.0;
        }
        big_b = big_c;
        f_b = f_c;
    }
    const double sigma_new = std::exp(big_a / 2.0);
    // Steps 6 and 7: the pre-period deviation, then the new deviation and rating.
    const double phi_star = std::sqrt(phi * phi + sigma_new * sigma_new);
    const double phi_new = 1.0 / std::sqrt(1.0 / (phi_star * phi_star) + 1.0 / v);
    const double mu_new = mu + phi_new * phi_new * sum;
    // Step 8: back to the Glicko scale.
    return Rating{Scale * mu_new + InitialRating, Scale * phi_new, sigma_new};
}

}  // namespace ck::club::glicko2
