// tests/search/open_list_test: the bucket queue of search/open_list.hpp.
// Nodes come out by f, then by tie, last in first out among equals; top()
// and second() name the next two without removing them, second() only
// within the same f and span ties.
#include <doctest/doctest.h>

#include <cstdint>

#include "search/open_list.hpp"

using hdasoko::search::OpenList;

TEST_CASE("open list: f, then tie, then last in first out") {
    OpenList open;
    open.push(10, 3, 1);
    open.push(10, 2, 2);
    open.push(9, 7, 3);
    open.push(10, 2, 4);
    uint32_t f = 0, h = 0;
    CHECK(open.pop(f, h) == 3);
    CHECK((f == 9 && h == 7));
    CHECK(open.pop(f, h) == 4);  // the last pushed of (10, 2)
    CHECK(open.pop(f, h) == 2);
    CHECK(open.pop(f, h) == 1);
    CHECK(open.empty());
}

TEST_CASE("open list: second() is the node pop() returns after top(), within its f and span") {
    OpenList open;
    uint32_t f = 0, h = 0, node = 0;
    open.push(10, 2, 1);
    CHECK_FALSE(open.second(f, h, node, 64));  // alone
    open.push(10, 2, 2);
    REQUIRE(open.second(f, h, node, 64));  // the same bucket: the one below the top
    CHECK((node == 1 && f == 10 && h == 2));
    CHECK(open.top(f, h) == 2);  // left in place
    open.pop(f, h);
    open.push(10, 5, 3);
    REQUIRE(open.second(f, h, node, 64));  // a later tie of the same f
    CHECK((node == 3 && f == 10 && h == 5));
    CHECK_FALSE(open.second(f, h, node, 2));  // ... but not within 2 ties (3 and 4)
    open.pop(f, h);
    open.pop(f, h);
    open.push(10, 2, 4);
    open.push(12, 0, 5);
    CHECK_FALSE(open.second(f, h, node, 64));  // another f
    CHECK(open.size() == 2);
}
