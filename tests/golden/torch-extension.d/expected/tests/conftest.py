# The suite's fixtures import no torch, but the package does: its devices
# are torch's (from a review: 'cuda' stayed here while the tests' became
# 'musa'). A helper of another GPU library keeps its own.
import pytest


def pytest_addoption(parser):
    parser.addoption("--device", action="store", default="musa")


DEVICES = ["cpu", "musa"]


# A fixture's devices, and its test of one (from a review: the skip never
# came once the params were ported and the test was not).
@pytest.fixture(params=["cpu", "musa"])
def each_device(request):
    if request.param == "musa" and not request.config.getoption("--device"):
        pytest.skip("no GPU asked for")
    return request.param


@pytest.fixture(params=["fp16", "cuda"])
def mode(request):
    return request.param == "cuda"  # no host device beside: not devices


# Params given by a name, the test written the other way round.
@pytest.fixture(params=DEVICES)
def listed_device(request):
    if "musa" == request.param:
        pytest.importorskip("torch")
    return request.param


def helper_kwargs():
    return dict(params=["cpu", "cuda"])


def not_a_fixture(request):
    return request.param == "cuda"  # no fixture's params: kept


@pytest.fixture(params=["cpu", "musa"])
@pytest.mark.slow
def slow_device(request):  # (another decorator between)
    return request.param == "musa"
