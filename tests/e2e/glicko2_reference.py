"""An independent Glicko-2 (Glickman, "Example of the Glicko-2 system", 2013), written from the
paper for the tests, sharing no code with src/club/glicko2.cpp. Each game is its own rating
period for both players, from both players' values before it (README "Ratings")."""
import math

SCALE = 173.7178


def update(r, rd, sigma, games, tau=0.5, eps=0.000001):
    """games: [(opponent_rating, opponent_rd, score)] -> (rating, rd, volatility)."""
    mu, phi = (r - 1500) / SCALE, rd / SCALE
    g = lambda p: 1 / math.sqrt(1 + 3 * p * p / math.pi ** 2)
    terms = []
    for orr, ord_, s in games:
        mj, pj = (orr - 1500) / SCALE, ord_ / SCALE
        e = 1 / (1 + math.exp(-g(pj) * (mu - mj)))
        terms.append((g(pj), e, s))
    v = 1 / sum(gj * gj * e * (1 - e) for gj, e, _ in terms)
    delta = v * sum(gj * (s - e) for gj, e, s in terms)
    a = math.log(sigma * sigma)

    def f(x):
        return (math.exp(x) * (delta ** 2 - phi ** 2 - v - math.exp(x)) /
                (2 * (phi ** 2 + v + math.exp(x)) ** 2) - (x - a) / tau ** 2)
    A = a
    if delta ** 2 > phi ** 2 + v:
        B = math.log(delta ** 2 - phi ** 2 - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        B = a - k * tau
    fa, fb = f(A), f(B)
    while abs(B - A) > eps:
        C = A + (A - B) * fa / (fb - fa)
        fc = f(C)
        if fc * fb <= 0:
            A, fa = B, fb
        else:
            fa /= 2
        B, fb = C, fc
    sigma2 = math.exp(A / 2)
    phistar = math.sqrt(phi ** 2 + sigma2 ** 2)
    phi2 = 1 / math.sqrt(1 / phistar ** 2 + 1 / v)
    mu2 = mu + phi2 ** 2 * sum(gj * (s - e) for gj, e, s in terms)
    return SCALE * mu2 + 1500, SCALE * phi2, sigma2


def rate(games):
    """games: [(pool, white, black, white_score)] in commit order ->
    {pool: {player: [rating, rd, volatility, games]}}."""
    pools = {}
    for pool, white, black, ws in games:
        p = pools.setdefault(pool, {})
        w = p.get(white, [1500.0, 350.0, 0.06, 0])
        b = p.get(black, [1500.0, 350.0, 0.06, 0])
        nw = update(w[0], w[1], w[2], [(b[0], b[1], ws)])
        nb = update(b[0], b[1], b[2], [(w[0], w[1], 1 - ws)])
        p[white] = [*nw, w[3] + 1]
        p[black] = [*nb, b[3] + 1]
    return pools


if __name__ == "__main__":  # the paper's example
    print(update(1500, 200, 0.06, [(1400, 30, 1), (1550, 100, 0), (1700, 300, 0)]))
