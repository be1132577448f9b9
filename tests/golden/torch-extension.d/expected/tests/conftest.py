# The suite's fixtures import no torch, but the package does: its devices
# are torch's (from a review: 'cuda' stayed here while the tests' became
# 'musa'). A helper of another GPU library keeps its own.
import pytest


def pytest_addoption(parser):
    parser.addoption("--device", action="store", default="musa")


DEVICES = ["cpu", "musa"]
