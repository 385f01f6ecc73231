"""RNCryptor v3 with the PyPI `rncryptor` package, for Scripts/bench-cli seal.

usage: rncryptor_file.py encrypt|decrypt PASSWORD_FILE IN OUT
The password is the first line of PASSWORD_FILE (never on the command line).
"""
import sys

import rncryptor


class BinaryCryptor(rncryptor.RNCryptor):
    """The package decodes plaintext as UTF-8 by default; keep bytes as they are."""

    def post_decrypt_data(self, data):
        return data[: -data[-1]]


def main():
    verb, password_file, source, destination = sys.argv[1:5]
    with open(password_file, encoding="utf-8") as handle:
        password = handle.readline().rstrip("\r\n")
    with open(source, "rb") as handle:
        data = handle.read()
    cryptor = BinaryCryptor()
    result = cryptor.encrypt(data, password) if verb == "encrypt" else cryptor.decrypt(data, password)
    with open(destination, "wb") as handle:
        handle.write(result)


if __name__ == "__main__":
    main()
